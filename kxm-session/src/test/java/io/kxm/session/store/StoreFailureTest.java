package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.LiveEvents.Subscription;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.StreamKey;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreFailureTest {
  @TempDir Path dir;

  @Test
  void a_full_disk_fails_the_batch_publishes_nothing_and_leaves_no_gap_behind() throws Exception {
    try (StoreFixture f = new StoreFixture(dir)) {
      SessionRun run = f.aRunningRun();
      Subscription live = f.store.live().subscribe(StreamKey.run(run.id()), 100);
      long before = f.store.lastSeq();
      // SQLite reports SQLITE_FULL once the file may not grow past its current pages.
      f.store.writer().submit(tx -> pragma(tx, "PRAGMA max_page_count = " + pageCount(tx))).join();

      assertThatThrownBy(() ->
              f.store
                  .append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "x".repeat(200_000)))
                  .join())
          .isInstanceOf(CompletionException.class)
          .cause()
          .isInstanceOf(KxmException.class)
          .hasMessageContaining("could not commit")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUNTIME_STORE_FAILED);
      assertThat(live.drain(10)).isEmpty();
      assertThat(f.store.lastSeq()).isEqualTo(before);

      f.store.writer().submit(tx -> pragma(tx, "PRAGMA max_page_count = 1073741823")).join();
      SessionEvent next =
          f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "space again")).join();

      assertThat(next.seq()).isEqualTo(before + 1);
      assertThat(live.poll(1_000)).isEqualTo(next);
      assertThat(f.store.verify(run.id()).ok()).isTrue();
    }
  }

  @Test
  void a_change_that_breaks_the_writer_fails_its_batch_and_the_writer_carries_on() {
    try (StoreFixture f = new StoreFixture(dir)) {
      SessionRun run = f.aRunningRun();
      long before = f.store.lastSeq();

      assertThatThrownBy(() ->
              f.store
                  .writer()
                  .submit(tx -> {
                    tx.insertEvent(
                        run.sessionId(), run.id(), "note", json("a", "b"), "0".repeat(64));
                    throw new StackOverflowError("deep");
                  })
                  .join())
          .cause()
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUNTIME_STORE_FAILED);
      SessionEvent next =
          f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "still here")).join();

      assertThat(next.seq()).isEqualTo(before + 1);
      assertThat(f.store.verify(run.id()).ok()).isTrue();
    }
  }

  private static long pageCount(WriteTx tx) throws java.sql.SQLException {
    try (ResultSet rs = tx.prepare("PRAGMA page_count").executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static Void pragma(WriteTx tx, String sql) throws java.sql.SQLException {
    try (ResultSet rs = tx.prepare(sql).executeQuery()) {
      return null;
    }
  }
}
