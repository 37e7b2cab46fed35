package io.kxm.store.workflow;

import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

class SqliteSignatureDigestStoreTest extends SignatureDigestStoreContract {
  @TempDir static Path folder;

  @Override
  protected JdbcHarness open(Clock clock) {
    return Harnesses.sqlite(folder, clock);
  }
}
