package io.kxm.knowledge.evolve;

import io.kxm.knowledge.PostgresKnowledgeStore;
import io.kxm.store.PostgresLocation;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.AfterEach;

/** The evolution log contract on PostgreSQL: its tables in the knowledge schema of each test. */
class PostgresEvolutionLogTest extends EvolutionLogContract {
  private PostgresSchema schema;

  @Override
  protected EvolutionLog openFresh() {
    schema = PostgresSchema.create("evolve");
    return reopen();
  }

  @Override
  protected EvolutionLog reopen() {
    return new EvolutionStore(
        PostgresKnowledgeStore.open(
            new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()),
            4,
            Path.of("evolve.db"),
            Clock.systemUTC()));
  }

  @Override
  protected void closeLog(EvolutionLog log) {
    log.database().close();
  }

  // Runs before the contract's own @AfterEach, so the log closes here, before its schema goes.
  @AfterEach
  void dropSchema() throws Exception {
    if (log != null) {
      closeLog(log);
    }
    if (schema != null) {
      schema.close();
    }
  }
}
