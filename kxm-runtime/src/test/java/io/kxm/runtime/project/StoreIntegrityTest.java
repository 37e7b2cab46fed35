package io.kxm.runtime.project;

import static io.kxm.runtime.project.Fixture.agent;
import static io.kxm.runtime.project.Fixture.gateStep;
import static io.kxm.runtime.project.Fixture.workflow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Tokens;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.api.Verification;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunFold;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.RunEventStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreIntegrityTest {
  @TempDir Path tmp;
  Fixture fx;
  ProjectRuntime rt;
  RunSummary run;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  private void completedRun() {
    fx =
        new Fixture(
            tmp, workflow("build", agent("implement", "coder", "x"), gateStep("check", "ok")));
    rt = fx.open();
    run = rt.create("build", "secret plan: ship on friday");
    rt.drive(run.runId(), true);
  }

  private void sql(String statement) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + rt.eventStoreFile())) {
      c.createStatement().executeUpdate(statement);
    }
  }

  /** The run's events as another handle on the file reads them. */
  private List<StoredEvent> events(String runId) {
    try (RunEventStore reader = RunEventStore.open(rt.eventStoreFile())) {
      return reader.events(runId);
    }
  }

  private static ThrowingConsumer<Throwable> code(ErrorCode expected) {
    return e -> assertThat(((KxmException) e).code()).isEqualTo(expected);
  }

  @Test
  void an_event_edited_in_the_sqlite_file_is_named_by_verify() throws Exception {
    completedRun();
    assertThat(rt.verify(run.runId()).ok()).isTrue();

    sql(
        "UPDATE events SET body = replace(body, '\"to\":\"passed\"', '\"to\":\"failed\"')"
            + " WHERE run_id = '"
            + run.runId()
            + "' AND seq = (SELECT min(seq) FROM events WHERE body LIKE '%\"to\":\"passed\"%')");
    long tampered;
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + rt.eventStoreFile());
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT min(seq) FROM events WHERE body LIKE '%\"to\":\"failed\"%'")) {
      rs.next();
      tampered = rs.getLong(1);
    }

    Verification v = rt.verify(run.runId());
    assertThat(v.ok()).isFalse();
    assertThat(v.problem()).isEqualTo("event_hash_mismatch");
    assertThat(v.firstBadSequence()).isEqualTo(tampered);
  }

  @Test
  void an_event_rewritten_with_a_fresh_hash_still_breaks_the_chain_or_the_receipt()
      throws Exception {
    completedRun();
    long last = rt.status(run.runId()).eventCount();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + rt.eventStoreFile());
        ResultSet rs =
            c.createStatement().executeQuery("SELECT body FROM events WHERE seq = " + last)) {
      rs.next();
      String forged = rs.getString(1).replace("\"to\":\"completed\"", "\"to\":\"failed\"");
      var update = c.prepareStatement("UPDATE events SET body = ?, hash = ? WHERE seq = ?");
      update.setString(1, forged);
      update.setString(2, Tokens.sha256Hex(forged));
      update.setLong(3, last);
      update.executeUpdate();
    }

    Verification v = rt.verify(run.runId());
    assertThat(v.ok()).isFalse();
    assertThat(v.problem()).isEqualTo("run_head_mismatch");
    assertThat(v.firstBadSequence()).isEqualTo(last);
    assertThat(v.firstBadType()).isEqualTo("run.moved");
  }

  @Test
  void a_log_cut_short_with_its_receipts_and_state_row_fails_against_its_signed_head()
      throws Exception {
    completedRun();
    List<StoredEvent> events = events(run.runId());
    int kept = events.size() - 2;
    RunState folded = RunFold.fold(events.subList(0, kept));
    String id = "'" + run.runId() + "'";
    sql("DELETE FROM events WHERE run_id = " + id + " AND seq > " + kept);
    sql("DELETE FROM outbox WHERE run_id = " + id + " AND seq > " + kept);
    sql("DELETE FROM drive_receipts WHERE run_id = " + id);
    sql(
        "UPDATE run_state SET status = '"
            + folded.status().wire()
            + "', last_seq = "
            + kept
            + ", last_hash = '"
            + folded.lastHash()
            + "' WHERE run_id = "
            + id);
    // the store itself finds nothing wrong: only the head kept outside the file can tell
    assertThat(rt.status(run.runId()).eventCount()).isEqualTo(kept);

    Verification v = rt.verify(run.runId());

    assertThat(v.ok()).isFalse();
    assertThat(v.problem()).isEqualTo("run_log_truncated");
    assertThat(v.firstBadSequence()).isEqualTo(kept + 1L);
    assertThat(v.message())
        .contains("signed head of run " + run.runId() + " is event " + events.size())
        .contains("ends at event " + kept + " (" + events.get(kept - 1).type() + ")");
  }

  @Test
  void a_run_deleted_from_the_file_is_missed_by_its_signed_head() throws Exception {
    completedRun();
    String id = "'" + run.runId() + "'";
    for (String table :
        new String[] {
          "events",
          "outbox",
          "drive_receipts",
          "run_state",
          "gate_evidence",
          "attempt_capabilities",
          "run_plans",
          "runs"
        }) {
      sql("PRAGMA foreign_keys = OFF; DELETE FROM " + table + " WHERE run_id = " + id);
    }

    Verification v = rt.verify(run.runId());

    assertThat(v.ok()).isFalse();
    assertThat(v.problem()).isEqualTo("run_log_truncated");
    assertThat(v.firstBadSequence()).isEqualTo(1);
    assertThat(v.message()).contains("the log holds no event");
  }

  @Test
  void a_clean_run_verifies_with_its_head_and_a_log_past_its_head_still_verifies()
      throws Exception {
    completedRun();
    Verification clean = rt.verify(run.runId());
    assertThat(clean.ok()).isTrue();
    assertThat(clean.headVerified()).isTrue();
    assertThat(clean.message()).isEqualTo("chain and receipt verify");

    // As after a crash between an append's commit and its head: a handle that keeps no heads
    // appends, so the log runs one event past the signed head.
    RunSummary next = rt.create("build", "another plan");
    try (RunEventStore unsigned = RunEventStore.open(rt.eventStoreFile())) {
      unsigned.append(
          next.runId(),
          fx.clock.instant(),
          s -> Batch.of(new RunEvent.RunMoved(RunStatus.QUEUED, "queued by hand")));
    }
    assertThat(events(next.runId())).hasSize(2);

    Verification behind = rt.verify(next.runId());
    assertThat(behind.ok()).isTrue();
    assertThat(behind.headVerified()).isTrue();
  }

  @Test
  void a_head_whose_signature_does_not_check_is_refused_and_the_heads_file_is_owner_only()
      throws Exception {
    completedRun();
    // A read of the head stores what the writer thread still held, so the edit below is of it.
    assertThat(rt.verify(run.runId()).ok()).isTrue();
    Path heads = rt.eventStoreFile().resolveSibling(RunEventStore.HEADS_FILE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(heads)))
        .isEqualTo("rw-------");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + heads)) {
      c.createStatement().executeUpdate("UPDATE heads SET seq = seq + 5");
    }

    Verification v = rt.verify(run.runId());

    assertThat(v.ok()).isFalse();
    assertThat(v.problem()).isEqualTo("run_head_signature_invalid");
  }

  @Test
  void a_forged_receipt_signature_does_not_verify() throws Exception {
    completedRun();
    sql("UPDATE drive_receipts SET run_status = 'failed'");

    Verification v = rt.verify(run.runId());
    assertThat(v.ok()).isFalse();
    assertThat(v.receiptVerified()).isFalse();
    assertThat(v.problem()).isEqualTo("receipt_signature_invalid");
  }

  @Test
  void a_projection_that_disagrees_with_the_fold_is_refused() throws Exception {
    completedRun();
    sql("UPDATE run_state SET status = 'running'");

    assertThatThrownBy(() -> rt.status(run.runId()))
        .satisfies(code(ErrorCode.RUN_STATE_DIVERGED))
        .hasMessageContaining("stored status running but the events fold to completed");
    assertThat(rt.verify(run.runId()).problem()).isEqualTo("run_state_diverged");
  }

  @Test
  void one_damaged_run_is_listed_as_damaged_with_its_code_and_hides_no_other() throws Exception {
    completedRun();
    RunSummary healthy = rt.create("build", "another");
    sql("UPDATE run_state SET status = 'running' WHERE run_id = '" + run.runId() + "'");

    assertThat(rt.list())
        .extracting(RunSummary::runId, RunSummary::status)
        .containsExactly(tuple(run.runId(), "damaged"), tuple(healthy.runId(), "created"));
    assertThat(rt.list().getFirst().damage())
        .startsWith("run_state_diverged: ")
        .contains("stored status running");
    assertThat(rt.list().get(1).damage()).isNull();
  }

  @Test
  void an_edited_gate_row_or_an_orphan_one_is_refused_on_the_next_fold() throws Exception {
    completedRun();
    sql("UPDATE gate_evidence SET exit_code = 1");
    assertThatThrownBy(() -> rt.status(run.runId()))
        .satisfies(code(ErrorCode.GATE_EVIDENCE_HASH_MISMATCH));

    sql("UPDATE gate_evidence SET exit_code = 0");
    assertThat(rt.status(run.runId()).run().status()).isEqualTo("completed");
    sql(
        "INSERT INTO gate_evidence SELECT 'gob_orphan', run_id, step_id, attempt_id, gate_id,"
            + " outcome, exit_code, stdout_sha256, stdout_bytes, stderr_sha256, stderr_bytes,"
            + " observed_at, row_sha256 FROM gate_evidence");
    assertThatThrownBy(() -> rt.status(run.runId()))
        .satisfies(code(ErrorCode.GATE_EVIDENCE_ORPHAN));
  }

  @Test
  void a_store_from_a_newer_build_or_without_a_version_is_refused() throws Exception {
    completedRun();
    rt.close();
    Path db = rt.eventStoreFile();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
      c.createStatement().execute("PRAGMA user_version = 99");
    }
    assertThatThrownBy(() -> RunEventStore.open(db))
        .satisfies(code(ErrorCode.RUNTIME_SCHEMA_NEWER));

    // Without a version and without Flyway's history, nothing says what the tables are.
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
      c.createStatement().execute("PRAGMA user_version = 0");
      c.createStatement().execute("DROP TABLE flyway_schema_history");
    }
    assertThatThrownBy(() -> RunEventStore.open(db))
        .satisfies(code(ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID));
  }

  @Test
  void a_store_file_that_is_a_symbolic_link_or_not_sqlite_is_refused() throws Exception {
    Path real = Files.writeString(tmp.resolve("elsewhere.db"), "");
    Path link = tmp.resolve("linked").resolve("run-events.db");
    Files.createDirectories(link.getParent());
    Files.createSymbolicLink(link, real);
    assertThatThrownBy(() -> RunEventStore.open(link))
        .satisfies(code(ErrorCode.STORE_SYMLINK_REFUSED));

    Path garbage = Files.writeString(tmp.resolve("garbage.db"), "not a database at all");
    assertThatThrownBy(() -> RunEventStore.open(garbage)).satisfies(code(ErrorCode.STORE_CORRUPT));
  }

  @Test
  void the_prompt_lives_only_in_the_owner_only_sidecar_and_the_key_file_is_owner_only()
      throws Exception {
    completedRun();
    Path dir = rt.eventStoreFile().getParent();
    Path sidecar = dir.resolve("run-events.db.run-prompts.json");
    assertThat(Files.readString(sidecar)).contains("secret plan: ship on friday");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(sidecar)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(rt.eventStoreFile())))
        .isEqualTo("rw-------");
    Path key = ProjectKeys.receiptKey(fx.state);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key)))
        .isEqualTo("rw-------");
    assertThat(key.resolveSibling("receipt-key.pub")).exists();
    assertThat(dir.getFileName().toString())
        .isEqualTo(Tokens.sha256Hex(fx.projectRoot.toRealPath().toString()).substring(0, 24));
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + rt.eventStoreFile())) {
      for (String table : new String[] {"runs", "events", "outbox"}) {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT * FROM " + table)) {
          while (rs.next()) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
              assertThat(String.valueOf(rs.getObject(i))).doesNotContain("ship on friday");
            }
          }
        }
      }
      try (ResultSet rs = c.createStatement().executeQuery("SELECT prompt_sha256 FROM runs")) {
        rs.next();
        assertThat(rs.getString(1)).isEqualTo(Tokens.sha256Hex("secret plan: ship on friday"));
      }
      try (ResultSet rs =
          c.createStatement()
              .executeQuery(
                  "SELECT count(*), min(length(secret_sha256)) FROM attempt_capabilities")) {
        rs.next();
        assertThat(rs.getInt(1)).isEqualTo(2);
        assertThat(rs.getInt(2)).isEqualTo(64);
      }
    }
  }

  @Test
  void a_new_run_counts_slots_without_reading_the_runs_that_ended() throws Exception {
    completedRun();
    // The ended run's log is cut short, so loading it would be refused.
    sql(
        "PRAGMA foreign_keys = OFF; DELETE FROM events WHERE run_id = '"
            + run.runId()
            + "' AND seq > 1");

    RunSummary next = rt.create("build", "the next plan");

    assertThat(next.status()).isEqualTo("created");
    assertThatThrownBy(() -> rt.status(run.runId())).satisfies(code(ErrorCode.RUN_STATE_DIVERGED));
  }
}
