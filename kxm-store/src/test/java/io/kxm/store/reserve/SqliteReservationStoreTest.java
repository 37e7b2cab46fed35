package io.kxm.store.reserve;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

class SqliteReservationStoreTest extends ReservationStoreContract {
  @TempDir static Path folder;

  @Override
  protected Store open(Clock clock) {
    return Backends.sqlite(folder, clock);
  }
}
