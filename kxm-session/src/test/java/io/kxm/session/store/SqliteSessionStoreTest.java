package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import io.kxm.testkit.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session store contract on SQLite, and what only its file and its one writer do. */
class SqliteSessionStoreTest
    implements SessionLifecycleContract,
        InteractionStoreContract,
        LiveReplayContract,
        EncodedReplayContract,
        HashChainContract,
        SessionSyncContract,
        SessionRetentionContract {
  @TempDir Path dir;

  private Path file() {
    return dir.resolve("runtime").resolve("sessions.db");
  }

  @Override
  public SessionFixture fixture() {
    SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);
    return new SessionFixture(clock, SqliteSessionStore.open(file(), clock));
  }

  @Override
  public SessionStore reopen(SessionFixture fixture) {
    return SqliteSessionStore.open(file(), fixture.clock);
  }

  @Test
  void the_file_is_owner_only() throws Exception {
    try (SessionFixture f = fixture()) {
      f.aRunningRun();
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file())))
        .isEqualTo("rw-------");
  }

  @Test
  void a_store_from_a_newer_build_and_a_linked_file_are_refused() throws Exception {
    Path newer = dir.resolve("sessions.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + newer);
        Statement s = c.createStatement()) {
      s.execute("PRAGMA user_version = 9");
    }
    assertThatThrownBy(() -> SqliteSessionStore.open(newer, SettableClock.atEpochSecond(0)))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.RUNTIME_SCHEMA_NEWER);

    Path link = dir.resolve("linked.db");
    Files.createSymbolicLink(link, newer);
    assertThatThrownBy(() -> SqliteSessionStore.open(link, SettableClock.atEpochSecond(0)))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.STORE_SYMLINK_REFUSED);
  }

  @Test
  void appends_queued_while_the_writer_is_busy_share_one_commit() throws Exception {
    try (StoreFixture f = new StoreFixture(dir)) {
      SessionRun run = f.aRunningRun();
      CountDownLatch busy = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      CompletableFuture<Void> blocker =
          f.store
              .writer()
              .submit(tx -> {
                busy.countDown();
                awaitQuietly(release);
                return null;
              });
      assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
      long commitsBefore = f.store.writer().commits();
      List<CompletableFuture<SessionEvent>> appended = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        appended.add(f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "t" + i)));
      }
      release.countDown();
      blocker.join();
      CompletableFuture.allOf(appended.toArray(CompletableFuture[]::new)).join();

      assertThat(f.store.writer().commits() - commitsBefore).isBetween(1L, 2L);
      assertThat(f.store.replay(StreamKey.run(run.id()), 0, 1_000)).hasSize(502);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
