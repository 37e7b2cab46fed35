package io.kxm.bench.product;

import io.kxm.bench.Run;

/**
 * Which hub a product scenario runs against, started once per run and shared by the scenarios that
 * name the same key.
 *
 * @param label the store, as the table names it
 * @param commitBaseline the baseline of raw commits on that store
 */
public record HubSource(
    String key, String label, String commitBaseline, Run.Starter<HubEndpoint> starter) {

  public static final HubSource SQLITE =
      new HubSource("hub-sqlite", "SQLite", "sqlite-commits", HubProcess::sqlite);

  /** The hub on the test PostgreSQL, in a private schema dropped when the run ends. */
  public static final HubSource POSTGRES =
      new HubSource("hub-postgres", "PostgreSQL", "postgres-commits", PostgresHub::start);

  public HubEndpoint get(Run run) throws Exception {
    return run.shared(key, HubEndpoint.class, starter);
  }
}
