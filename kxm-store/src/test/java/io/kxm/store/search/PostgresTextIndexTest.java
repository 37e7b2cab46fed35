package io.kxm.store.search;

import io.kxm.core.search.PostgresTextIndex;
import io.kxm.core.search.TextIndex;
import io.kxm.testkit.PostgresSchema;
import java.sql.Connection;
import java.sql.Statement;

class PostgresTextIndexTest extends TextIndexContract {
  private PostgresSchema schema;

  @Override
  protected Connection connect() throws Exception {
    schema = PostgresSchema.create("text_index");
    Connection connection = schema.connect();
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA \"" + schema.name() + "\"");
      statement.execute("SET search_path TO \"" + schema.name() + "\"");
    }
    return connection;
  }

  @Override
  protected TextIndex newIndex() {
    return new PostgresTextIndex();
  }

  @Override
  protected void cleanUp() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
