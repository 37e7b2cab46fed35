package io.kxm.session.store;

import io.kxm.session.api.SessionRun;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;

/** The SQLite session store on a real file in a test folder, for tests of the file itself. */
final class StoreFixture implements AutoCloseable {
  final SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);
  final Path file;
  final SqliteSessionStore store;

  StoreFixture(Path dir) {
    this.file = dir.resolve("runtime").resolve("sessions.db");
    this.store = SqliteSessionStore.open(file, clock);
  }

  SessionRun aRunningRun() {
    return new SessionFixture(clock, store).aRunningRun();
  }

  @Override
  public void close() {
    store.close();
  }
}
