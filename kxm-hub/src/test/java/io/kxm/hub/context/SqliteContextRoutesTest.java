package io.kxm.hub.context;

import io.kxm.store.StoreConfig;
import java.nio.file.Path;

class SqliteContextRoutesTest extends ContextRoutesContract {
  @Override
  protected StoreConfig config(Path dir) {
    return StoreConfig.sqlite(dir.resolve("kxm.db"));
  }
}
