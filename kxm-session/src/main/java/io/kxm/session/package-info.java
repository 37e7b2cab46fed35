/**
 * Sessions: a workspace, a harness and the turns run in it. {@code api} holds the types the
 * supervisor and the CLI see (a session, its runs, events, the {@code SessionStore} port); {@code
 * store} is its store with a hash-chained event log, on SQLite or on PostgreSQL ({@code
 * SessionStores} opens the one the runtime's settings name), and the test jar's contracts under
 * {@code store} ({@code SessionStoreContract} and the suites it names) are what any other backend
 * must pass; {@code turn} queues and runs turns and feeds {@code stream}, the bounded live
 * subscriptions that the supervisor's event streams read. {@code harness} speaks the line protocol
 * of a harness process; {@code adapter} turns the output of Claude Code, Codex and Pi into harness
 * outputs; {@code builtin} is the built-in agent loop and its workspace tools; {@code provider}
 * holds its streaming model clients and routes; {@code drive} is the live producer that answers a
 * workflow run's agent steps through the same harnesses. Sessions use runs' routes, usage and
 * redaction from {@code io.kxm.runtime} and know nothing of knowledge or the supervisor. See
 * docs/runtime-sessions.md and docs/builtin-agent.md.
 */
package io.kxm.session;
