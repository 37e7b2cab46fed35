/**
 * The runtime supervisor: one process per user serving runs and sessions of the projects it hosts
 * over a loopback HTTP API, with its registry entry (the {@code SupervisorRegistry} port, in SQLite
 * by {@code Registry}, checked by the test jar's {@code SupervisorRegistryContract}), its token and
 * health proof, its lock, the guard against foreign hosts and origins, and the drain that lets a
 * stop finish what runs. It assembles {@code io.kxm.runtime} and {@code io.kxm.session}; nothing
 * below it knows it. See docs/runtime-supervisor.md.
 *
 * <p>{@code kxm runtime serve} runs the same supervisor as a server for one workspace ({@code
 * ServerWorkspace}, {@code SupervisorConfig.forWorkspace}): its state root is the workspace's
 * {@code .kxm-server/}, and projects and sessions outside the workspace are refused. See
 * docs/runtime-server.md.
 */
package io.kxm.supervisor;
