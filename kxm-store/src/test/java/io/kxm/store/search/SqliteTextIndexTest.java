package io.kxm.store.search;

import io.kxm.core.search.SqliteTextIndex;
import io.kxm.core.search.TextIndex;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.io.TempDir;

class SqliteTextIndexTest extends TextIndexContract {
  @TempDir Path folder;

  @Override
  protected Connection connect() throws Exception {
    return DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("index.db"));
  }

  @Override
  protected TextIndex newIndex() {
    return new SqliteTextIndex();
  }
}
