package io.kxm.store.search;

import io.kxm.core.search.SqliteTextIndex;
import io.kxm.core.search.TextIndex;
import io.kxm.core.search.VectorIndex;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.io.TempDir;

class SqliteRetrievalTest extends RetrievalContract {
  @TempDir Path folder;

  @Override
  protected Connection connect() throws Exception {
    return DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("retrieval.db"));
  }

  @Override
  protected TextIndex newTextIndex() {
    return new SqliteTextIndex();
  }

  @Override
  protected VectorIndex.Engine engine() {
    return VectorIndex.Engine.SQLITE;
  }
}
