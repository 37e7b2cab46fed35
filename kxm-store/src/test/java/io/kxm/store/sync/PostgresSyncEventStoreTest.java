package io.kxm.store.sync;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import io.kxm.testkit.PostgresSchema;
import java.time.Clock;

class PostgresSyncEventStoreTest extends SyncEventStoreContract {
  private PostgresSchema schema;

  @Override
  protected Store open(Clock clock) {
    schema = PostgresSchema.create("sync");
    return Backends.postgres(schema, clock);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
