package io.kxm.store.messaging;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import io.kxm.testkit.PostgresSchema;
import java.time.Clock;

class PostgresSendRateStoreTest extends SendRateStoreContract {
  private PostgresSchema schema;

  @Override
  protected Store open(Clock clock) {
    schema = PostgresSchema.create("send_rates");
    return Backends.postgres(schema, clock);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
