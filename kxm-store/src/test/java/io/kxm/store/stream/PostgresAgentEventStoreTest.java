package io.kxm.store.stream;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import io.kxm.testkit.PostgresSchema;
import java.time.Clock;

class PostgresAgentEventStoreTest extends AgentEventStoreContract {
  private PostgresSchema schema;

  @Override
  protected Store open(Clock clock) {
    schema = PostgresSchema.create("events");
    return Backends.postgres(schema, clock);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
