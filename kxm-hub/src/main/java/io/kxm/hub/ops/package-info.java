/**
 * The operations stream: a bounded, numbered log of metadata events (agents, messages, workflow and
 * runtime runs, leases, errors) across every project, for a console or a terminal dashboard.
 * Producers append in the transaction of the change they report, through {@link
 * io.kxm.hub.stream.EventAppender#ops}; routes serve a snapshot and the SSE stream. Nothing here
 * ever carries a message body, a prompt, an evidence value, a key or a token.
 */
package io.kxm.hub.ops;
