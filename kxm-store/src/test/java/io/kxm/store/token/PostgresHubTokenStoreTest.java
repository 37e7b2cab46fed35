package io.kxm.store.token;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import io.kxm.testkit.PostgresSchema;
import java.time.Clock;

class PostgresHubTokenStoreTest extends HubTokenStoreContract {
  private PostgresSchema schema;

  @Override
  protected Store open(Clock clock) {
    schema = PostgresSchema.create("tokens");
    return Backends.postgres(schema, clock);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
