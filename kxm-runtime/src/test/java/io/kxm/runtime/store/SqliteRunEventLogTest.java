package io.kxm.runtime.store;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteRunEventLogTest extends RunEventLogContract {
  @TempDir Path dir;

  @Override
  protected RunEventLog openFresh() {
    return RunEventStore.open(dir.resolve("runtime").resolve("run-events.db"));
  }

  @Override
  protected RunEventLog reopen() {
    return openFresh();
  }
}
