package io.kxm.hub.context;

import io.kxm.store.PostgresLocation;
import io.kxm.store.StoreConfig;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;

class PostgresContextRoutesTest extends ContextRoutesContract {
  private PostgresSchema schema;

  @Override
  protected StoreConfig config(Path dir) {
    schema = PostgresSchema.create("ctx_routes");
    return StoreConfig.postgres(
            new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()))
        .withPoolSize(4);
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
