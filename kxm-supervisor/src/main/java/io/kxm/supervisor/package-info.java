/**
 * The runtime supervisor: one process per user serving runs and sessions of the projects it hosts
 * over a loopback HTTP API, with its registry entry (the {@code SupervisorRegistry} port, in SQLite
 * by {@code Registry}, checked by the test jar's {@code SupervisorRegistryContract}), its token and
 * health proof, its lock, the guard against foreign hosts and origins, and the drain that lets a
 * stop finish what runs. It assembles {@code io.kxm.runtime} and {@code io.kxm.session}; nothing
 * below it knows it. See docs/runtime-supervisor.md.
 */
package io.kxm.supervisor;
