package io.kxm.knowledge;

import io.kxm.store.PostgresLocation;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.AfterEach;

/** The knowledge store contract on PostgreSQL, each test in a schema of its own. */
class PostgresKnowledgeStoreTest extends KnowledgeStoreContract {
  private PostgresSchema schema;

  @Override
  protected KnowledgeStore openFresh(Clock clock) {
    schema = PostgresSchema.create("knowledge");
    return reopen(clock);
  }

  @Override
  protected KnowledgeStore reopen(Clock clock) {
    return PostgresKnowledgeStore.open(
        new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()),
        4,
        Path.of("knowledge.db"),
        clock);
  }

  // Runs before the contract's own @AfterEach, so the store closes here, before its schema goes.
  @AfterEach
  void dropSchema() throws Exception {
    if (db != null) {
      db.close();
    }
    if (schema != null) {
      schema.close();
    }
  }
}
