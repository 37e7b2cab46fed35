/**
 * The hub's bridge to the runtime supervisor of the same machine ({@code /v1/runtime/…}): the
 * console reads runs, sessions and their events, answers interactions, starts sessions and edits
 * workflows through it, with the admin credential only. The bridge calls the supervisor with the
 * supervisor's own token and never passes the hub's credential on, nor the supervisor's back.
 */
package io.kxm.cli.hub.runtime;
