package io.kxm.bench.product;

import io.kxm.bench.Run;
import io.kxm.bench.proc.TestPostgres;
import java.net.URI;

/**
 * The hub on the test PostgreSQL (the same server and settings as the {@code postgres-commits}
 * baseline), its tables in a schema of its own that is dropped when the hub stops, so a run leaves
 * nothing behind in the database.
 */
final class PostgresHub implements HubEndpoint {
  private final HubProcess hub;
  private final TestPostgres postgres;
  private final String schema;

  private PostgresHub(HubProcess hub, TestPostgres postgres, String schema) {
    this.hub = hub;
    this.postgres = postgres;
    this.schema = schema;
  }

  static PostgresHub start(Run run) throws Exception {
    TestPostgres postgres = TestPostgres.fromEnvironment().requireUp();
    String schema = TestPostgres.privateName("hub");
    HubProcess hub;
    try {
      hub = HubProcess.postgres(run, postgres.url(), schema);
    } catch (Exception e) {
      // The hub may have created the schema before it failed to come up.
      postgres.dropSchemasStartingWith(schema);
      throw e;
    }
    return new PostgresHub(hub, postgres, schema);
  }

  @Override
  public URI base() {
    return hub.base();
  }

  @Override
  public String project() {
    return hub.project();
  }

  @Override
  public String projectToken() {
    return hub.projectToken();
  }

  /** Stops the hub first, so that no connection of its holds the schema, then drops it. */
  @Override
  public void close() {
    hub.close();
    postgres.dropSchemasStartingWith(schema);
  }

  @Override
  public String toString() {
    return hub + " on PostgreSQL schema " + schema;
  }
}
