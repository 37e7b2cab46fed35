/**
 * Runtime runs on a developer's machine: reviewed {@code .kxm/} configuration ({@code config}),
 * trust, routes, usage, memory and prompts, the run engine ({@code run}, {@code drive}, {@code
 * gate}, {@code receipt}, {@code producer}, {@code store} of run events, {@code project}), the
 * types it hands outward ({@code api}), the outbox sync to the hub ({@code sync}), the project's
 * own agent on its bound hub for fenced leases and hand-offs ({@code hub}), and the one runner of
 * {@code git} ({@code git}) with the bounded output capture it shares ({@code process}). Runs are
 * kept behind the {@code store.RunEventLog} port, in SQLite by {@code RunEventStore} or in
 * PostgreSQL by {@code PostgresRunEventLog} ({@code project.RunEventLogs} chooses); the test jar's
 * {@code RunEventLogContract} is what every backend passes. It knows no session, no knowledge and
 * no server. See docs/runtime-runs.md and docs/runtime-config.md.
 */
package io.kxm.runtime;
