package io.kxm.store.search;

import io.kxm.core.search.PostgresTextIndex;
import io.kxm.core.search.TextIndex;
import io.kxm.core.search.VectorIndex;
import io.kxm.testkit.PostgresSchema;
import java.sql.Connection;
import java.sql.Statement;

class PostgresRetrievalTest extends RetrievalContract {
  private PostgresSchema schema;

  @Override
  protected Connection connect() throws Exception {
    schema = PostgresSchema.create("retrieval");
    Connection connection = schema.connect();
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA \"" + schema.name() + "\"");
      statement.execute("SET search_path TO \"" + schema.name() + "\"");
    }
    return connection;
  }

  @Override
  protected TextIndex newTextIndex() {
    return new PostgresTextIndex();
  }

  @Override
  protected VectorIndex.Engine engine() {
    return VectorIndex.Engine.POSTGRES;
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
