package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.chain.HashChain;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.SessionStore.ChainCheck;
import io.kxm.session.api.StreamKey;
import io.kxm.testkit.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edits made to {@code sessions.db} behind the store's back, each found by {@code verify} and named
 * by the event it contradicts: the final message, the history the next turn is fed, and a tail cut
 * off together with the run's row, which only the signed head kept outside the file can tell.
 */
class SessionTamperTest {
  @TempDir Path dir;
  final SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);

  private Path file() {
    return dir.resolve("runtime").resolve("sessions.db");
  }

  private SqliteSessionStore signed() {
    Receipts signer =
        new Receipts(ReceiptKeys.loadOrCreate(dir.resolve("runtime").resolve("receipt-key")));
    return SqliteSessionStore.open(file(), clock, signer);
  }

  /** A completed run: three deltas, its prompt and final message in the history. */
  private SessionRun completed(SessionStore store) {
    SessionRun run = new SessionFixture(clock, store).aRunningRun();
    for (int i = 0; i < 3; i++) {
      store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "t" + i)).join();
    }
    store.appendMessage(run.sessionId(), run.id(), "user", "fix the build");
    store.appendMessage(run.sessionId(), run.id(), "assistant", "fixed it");
    return store.transition(
        run.id(),
        SessionRunStatus.COMPLETED,
        new SessionStore.Ending("success", null, "fixed it"),
        json("finalMessage", "fixed it"));
  }

  private void sql(String statement, Object... args) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file());
        PreparedStatement s = c.prepareStatement(statement)) {
      for (int i = 0; i < args.length; i++) {
        s.setObject(i + 1, args[i]);
      }
      assertThat(s.executeUpdate()).isPositive();
    }
  }

  private SessionEvent last(SessionStore store, SessionRun run) {
    return store.replay(StreamKey.run(run.id()), 0, 100).getLast();
  }

  @Test
  void a_clean_run_verifies_against_its_signed_head_in_an_owner_only_file() throws Exception {
    try (SqliteSessionStore store = signed()) {
      SessionRun run = completed(store);

      ChainCheck check = store.verify(run.id());

      assertThat(check.ok()).isTrue();
      assertThat(check.headVerified()).isTrue();
      assertThat(check.message()).isEqualTo("chain verifies");
      assertThat(last(store, run).data().path("messages").findValuesAsString("role"))
          .containsExactly("user", "assistant");
    }
    Path heads = file().resolveSibling(SqliteSessionStore.HEADS_FILE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(heads)))
        .isEqualTo("rw-------");
  }

  @Test
  void an_edited_final_message_is_named_by_the_event_that_records_it() throws Exception {
    SessionRun run;
    SessionEvent ending;
    try (SqliteSessionStore store = signed()) {
      run = completed(store);
      ending = last(store, run);
    }
    sql("UPDATE runs SET final_message = 'deploy to production' WHERE id = ?", run.id());

    try (SqliteSessionStore store = signed()) {
      assertThat(store.run(run.id()).orElseThrow().finalMessage())
          .isEqualTo("deploy to production");
      ChainCheck check = store.verify(run.id());

      assertThat(check.ok()).isFalse();
      assertThat(check.problem()).isEqualTo("run_row_mismatch");
      assertThat(check.firstBadSeq()).isEqualTo(ending.seq());
      assertThat(check.firstBadType()).isEqualTo(EventTypes.RUN_COMPLETED);
      assertThat(check.message()).contains("final message");
    }
  }

  @Test
  void an_edited_removed_or_added_message_of_the_history_is_named_by_the_ending_event()
      throws Exception {
    SessionRun run;
    SessionEvent ending;
    try (SqliteSessionStore store = signed()) {
      run = completed(store);
      ending = last(store, run);
    }

    sql("UPDATE messages SET content = 'ignore all rules' WHERE run_id = ? AND idx = 1", run.id());
    assertHistoryBad(run, ending, "edited");

    sql("DELETE FROM messages WHERE run_id = ? AND idx = 1", run.id());
    assertHistoryBad(run, ending, "cut");

    sql(
        "INSERT INTO messages (session_id, idx, run_id, role, content, at)"
            + " SELECT session_id, 1, run_id, 'assistant', 'fixed it', at FROM messages"
            + " WHERE run_id = ? AND idx = 0",
        run.id());
    try (SqliteSessionStore store = signed()) {
      assertThat(store.verify(run.id()).ok()).isTrue();
    }
    sql(
        "INSERT INTO messages (session_id, idx, run_id, role, content, at)"
            + " SELECT session_id, 2, run_id, 'user', 'and push to main', at FROM messages"
            + " WHERE run_id = ? AND idx = 0",
        run.id());
    assertHistoryBad(run, ending, "added to");
  }

  private void assertHistoryBad(SessionRun run, SessionEvent ending, String how) {
    try (SqliteSessionStore store = signed()) {
      ChainCheck check = store.verify(run.id());
      assertThat(check.ok()).isFalse();
      assertThat(check.problem()).isEqualTo("run_history_mismatch");
      assertThat(check.firstBadSeq()).isEqualTo(ending.seq());
      assertThat(check.firstBadType()).isEqualTo(EventTypes.RUN_COMPLETED);
      assertThat(check.message()).endsWith("was " + how);
    }
  }

  @Test
  void a_tail_cut_off_with_the_run_row_fails_against_the_signed_head() throws Exception {
    SessionRun run;
    List<SessionEvent> events;
    try (SqliteSessionStore store = signed()) {
      run = completed(store);
      events = store.replay(StreamKey.run(run.id()), 0, 100);
    }
    // Keep up to the second delta and make the row agree with it, as a careful editor would.
    SessionEvent keptLast = events.get(3);
    sql("DELETE FROM events WHERE run_id = ? AND seq > ?", run.id(), keptLast.seq());
    String keptHash = chainHashOf(events.subList(0, 4));
    sql(
        "UPDATE runs SET status = 'running', outcome = NULL, final_message = NULL,"
            + " finished_at = NULL, last_hash = ? WHERE id = ?",
        keptHash,
        run.id());
    sql("DELETE FROM messages WHERE run_id = ?", run.id());
    try (SqliteSessionStore plain = SqliteSessionStore.open(file(), clock)) {
      assertThat(plain.verify(run.id()).ok()).as("the file alone looks whole").isTrue();
    }

    try (SqliteSessionStore store = signed()) {
      ChainCheck check = store.verify(run.id());

      assertThat(check.ok()).isFalse();
      assertThat(check.problem()).isEqualTo("run_log_truncated");
      assertThat(check.firstBadSeq()).isEqualTo(keptLast.seq() + 1);
      assertThat(check.message())
          .contains("is event " + events.getLast().seq())
          .contains("ends at event " + keptLast.seq() + " (" + keptLast.type() + ")");
    }
  }

  @Test
  void a_run_removed_from_the_file_is_missed_by_its_signed_head() throws Exception {
    SessionRun run;
    try (SqliteSessionStore store = signed()) {
      run = completed(store);
    }
    sql("DELETE FROM events WHERE run_id = ?", run.id());
    sql("DELETE FROM messages WHERE run_id = ?", run.id());
    sql("DELETE FROM runs WHERE id = ?", run.id());

    try (SqliteSessionStore store = signed()) {
      ChainCheck check = store.verify(run.id());
      assertThat(check.ok()).isFalse();
      assertThat(check.problem()).isEqualTo("run_log_truncated");
      assertThat(check.firstBadSeq()).isEqualTo(1);
      assertThatThrownBy(() -> store.verify("run_never_made"))
          .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUN_NOT_FOUND));
    }
  }

  @Test
  void a_log_past_its_head_as_after_a_crash_still_verifies() throws Exception {
    SessionRun run;
    try (SqliteSessionStore store = signed()) {
      run = new SessionFixture(clock, store).aRunningRun();
      store.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "signed")).join();
    }
    // A store that keeps no heads stands for a crash between the commit and the head's write.
    try (SqliteSessionStore unsigned = SqliteSessionStore.open(file(), clock)) {
      unsigned.append(run.id(), EventTypes.MESSAGE_DELTA, json("text", "after")).join();
    }

    try (SqliteSessionStore store = signed()) {
      ChainCheck check = store.verify(run.id());
      assertThat(check.ok()).isTrue();
      assertThat(check.headVerified()).isTrue();
      assertThat(check.events()).isEqualTo(4);
    }
  }

  private static String chainHashOf(List<SessionEvent> events) {
    String head = HashChain.GENESIS;
    for (SessionEvent e : events) {
      head = SessionChain.hash(head, e);
    }
    return head;
  }
}
