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
import io.kxm.runtime.store.RunEventStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
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
    assertThat(v.problem()).isEqualTo("receipt_head_mismatch");
    assertThat(v.firstBadSequence()).isEqualTo(last);
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
