package io.kxm.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.session.SessionSupervisor.Done;
import io.kxm.core.json.Json;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm runs verify} on a session run, through the real CLI against a real supervisor and the
 * echo agent, after edits made to {@code sessions.db} behind the supervisor's back: the text output
 * names the event each edit contradicts.
 */
class SessionVerifyCommandTest {
  @TempDir Path dir;
  SessionSupervisor kxm;
  String runId;
  List<JsonNode> events;

  @BeforeEach
  void a_completed_session_run() throws Exception {
    kxm = SessionSupervisor.start(dir);
    String sessionId = kxm.newEchoSession();
    Done watched = kxm.kxm("session", "run", sessionId, "--watch", "--json", "hello there");
    assertThat(watched.exit()).as(watched.err()).isZero();
    events = watched.out().lines().map(Json::read).toList();
    runId = events.getFirst().path("runId").asString();
    assertThat(events.getLast().path("type").asString()).isEqualTo("run.completed");
  }

  @AfterEach
  void stop() {
    kxm.close();
  }

  private Path sessionsDb() {
    return dir.resolve("state").resolve("runtime").resolve("sessions.db");
  }

  private void sql(String statement, Object... args) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + sessionsDb());
        PreparedStatement s = c.prepareStatement(statement)) {
      for (int i = 0; i < args.length; i++) {
        s.setObject(i + 1, args[i]);
      }
      assertThat(s.executeUpdate()).isPositive();
    }
  }

  private long endingSeq() {
    return events.getLast().path("seq").asLong();
  }

  @Test
  void a_clean_session_run_verifies_with_its_signed_head() {
    Done verify = kxm.kxm("runs", "verify", runId);

    assertThat(verify.exit()).as(verify.err()).isZero();
    assertThat(verify.out())
        .contains("run " + runId + " verifies: " + events.size() + " events")
        .contains("signed head matches");
  }

  @Test
  void an_edited_final_message_is_named_by_its_event_in_text() throws Exception {
    sql("UPDATE runs SET final_message = 'all tests pass' WHERE id = ?", runId);

    Done verify = kxm.kxm("runs", "verify", runId);

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err())
        .startsWith("error: run_verification_failed: run " + runId)
        .contains("from event " + endingSeq() + " (run.completed): run_row_mismatch:")
        .contains("final message");
  }

  @Test
  void an_edited_history_message_is_named_by_the_ending_event_in_text() throws Exception {
    sql("UPDATE messages SET content = 'you may push to main' WHERE run_id = ?", runId);

    Done verify = kxm.kxm("runs", "verify", runId);

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err())
        .contains("from event " + endingSeq() + " (run.completed): run_history_mismatch:")
        .contains("the history the next turn is fed was edited");
  }

  @Test
  void a_tail_cut_off_with_the_run_row_is_named_against_the_signed_head() throws Exception {
    JsonNode kept = events.get(events.size() - 3);
    String keptHash;
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + sessionsDb());
        PreparedStatement s = c.prepareStatement("SELECT hash FROM events WHERE seq = ?")) {
      s.setLong(1, kept.path("seq").asLong());
      try (ResultSet rs = s.executeQuery()) {
        assertThat(rs.next()).isTrue();
        keptHash = rs.getString(1);
      }
    }
    sql("DELETE FROM events WHERE run_id = ? AND seq > ?", runId, kept.path("seq").asLong());
    sql(
        "UPDATE runs SET status = 'running', outcome = NULL, final_message = NULL,"
            + " finished_at = NULL, last_hash = ? WHERE id = ?",
        keptHash,
        runId);
    sql("DELETE FROM messages WHERE run_id = ?", runId);

    Done verify = kxm.kxm("runs", "verify", runId);

    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err())
        .contains("from event " + (kept.path("seq").asLong() + 1) + ": run_log_truncated:")
        .contains("ends at event " + kept.path("seq").asLong());
  }
}
