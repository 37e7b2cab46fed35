package io.kxm.store.reserve;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import io.kxm.testkit.PostgresSchema;
import java.time.Clock;

class PostgresReservationStoreTest extends ReservationStoreContract {
  private PostgresSchema schema;

  @Override
  protected Store open(Clock clock) {
    schema = PostgresSchema.create("reservations");
    return Backends.postgres(schema, clock);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
