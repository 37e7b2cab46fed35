package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.chain.HashChain;
import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionStore.ChainCheck;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQLite file holds each event's hash, and edits made to it behind the store's back are found;
 * the behaviour every store shares is in {@link HashChainContract}.
 */
class HashChainTest {
  @TempDir Path dir;

  @Test
  void the_recorded_head_is_the_stored_hash_of_the_last_event() throws Exception {
    try (StoreFixture f = new StoreFixture(dir)) {
      SessionRun run = f.aRunningRun();
      List<SessionEvent> appended = appendFive(f, run);

      assertThat(f.store.verify(run.id()).lastHash())
          .isEqualTo(storedHash(f.file, appended.getLast().seq()));
    }
  }

  @Test
  void event_hashes_stay_those_stored_chains_hold() {
    SessionEvent first =
        new SessionEvent(
            3,
            "ses_pin",
            "run_pin",
            "message.delta",
            Instant.parse("2026-01-02T03:04:05.123Z"),
            Json.read("{\"text\":\"h\\u00e9\",\"b\":[1,{\"z\":null,\"a\":2}]}"));
    SessionEvent second =
        new SessionEvent(
            7,
            "ses_pin",
            "run_pin",
            "run.completed",
            Instant.parse("2026-01-02T03:04:06Z"),
            Json.object());

    String head = SessionChain.hash(HashChain.GENESIS, first);

    assertThat(head).isEqualTo("a0df153c1fa2b2aa9de9c326d81a9c0cddd04aeb919bcb543a34a686edd3c486");
    assertThat(SessionChain.hash(head, second))
        .isEqualTo("08e7c71f373e20f92bbaad7be185611d277e6efa56f61abb2879b1b53d5b8946");
  }

  @Test
  void an_edited_event_is_named_by_its_seq() throws Exception {
    StoreFixture f = new StoreFixture(dir);
    SessionRun run = f.aRunningRun();
    List<SessionEvent> appended = appendFive(f, run);
    f.close();
    long edited = appended.get(2).seq();

    execute(f.file, "UPDATE events SET data = '{\"text\":\"forged\"}' WHERE seq = ?", edited);

    try (SqliteSessionStore again = SqliteSessionStore.open(f.file, f.clock)) {
      ChainCheck check = again.verify(run.id());
      assertThat(check.ok()).isFalse();
      assertThat(check.firstBadSeq()).isEqualTo(edited);
    }
  }

  @Test
  void a_removed_event_breaks_the_chain_at_the_one_after_it() throws Exception {
    StoreFixture f = new StoreFixture(dir);
    SessionRun run = f.aRunningRun();
    List<SessionEvent> appended = appendFive(f, run);
    f.close();

    execute(f.file, "DELETE FROM events WHERE seq = ?", appended.get(1).seq());

    try (SqliteSessionStore again = SqliteSessionStore.open(f.file, f.clock)) {
      ChainCheck check = again.verify(run.id());
      assertThat(check.ok()).isFalse();
      assertThat(check.firstBadSeq()).isEqualTo(appended.get(2).seq());
    }
  }

  @Test
  void events_cut_from_the_end_fail_against_the_recorded_head() throws Exception {
    StoreFixture f = new StoreFixture(dir);
    SessionRun run = f.aRunningRun();
    List<SessionEvent> appended = appendFive(f, run);
    f.close();

    execute(f.file, "DELETE FROM events WHERE seq >= ?", appended.get(3).seq());

    try (SqliteSessionStore again = SqliteSessionStore.open(f.file, f.clock)) {
      ChainCheck check = again.verify(run.id());
      assertThat(check.ok()).isFalse();
      assertThat(check.events()).isEqualTo(5);
      assertThat(check.firstBadSeq()).isEqualTo(appended.get(3).seq());
    }
  }

  private static List<SessionEvent> appendFive(StoreFixture f, SessionRun run) {
    List<SessionEvent> out = new java.util.ArrayList<>();
    for (int i = 0; i < 5; i++) {
      out.add(f.store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "t" + i)).join());
    }
    return out;
  }

  private static String storedHash(Path file, long seq) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        PreparedStatement s = c.prepareStatement("SELECT hash FROM events WHERE seq = ?")) {
      s.setLong(1, seq);
      try (java.sql.ResultSet rs = s.executeQuery()) {
        assertThat(rs.next()).isTrue();
        return rs.getString(1);
      }
    }
  }

  private static void execute(Path file, String sql, long seq) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setLong(1, seq);
      assertThat(s.executeUpdate()).isPositive();
    }
  }
}
