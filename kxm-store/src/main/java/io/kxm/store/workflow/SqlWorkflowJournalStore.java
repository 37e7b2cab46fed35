package io.kxm.store.workflow;

import io.kxm.core.json.Json;
import io.kxm.core.workflow.journal.ImprovementArea;
import io.kxm.core.workflow.journal.JournalCategory;
import io.kxm.core.workflow.journal.JournalEntry;
import io.kxm.core.workflow.journal.JournalSeverity;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** {@link WorkflowJournalStore} in SQL that SQLite and PostgreSQL both accept. */
public final class SqlWorkflowJournalStore implements WorkflowJournalStore {
  private static final String COLUMNS =
      "id, run_id, project, stage_id, attempt, category, area, severity, author, summary, details,"
          + " evidence, related, created_at";

  private final Jdbc jdbc;

  public SqlWorkflowJournalStore(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public void insert(JournalEntry e) {
    String json = jdbc.jsonParam();
    jdbc.about("store journal entry " + e.id() + " of run " + e.runId())
        .update(
            "INSERT INTO workflow_journal ("
                + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                + " ?, "
                + json
                + ", "
                + json
                + ", ?)",
            e.id(),
            e.runId(),
            e.project(),
            e.stageId(),
            e.attempt(),
            e.category().wire(),
            e.area().wire(),
            e.severity().wire(),
            e.author(),
            e.summary(),
            e.details(),
            Json.write(e.evidence()),
            Json.write(e.relatedEntryIds()),
            e.createdAt());
  }

  @Override
  public List<JournalEntry> forRun(String runId) {
    return jdbc.about("read the journal of run " + runId)
        .list(
            "SELECT " + COLUMNS + " FROM workflow_journal WHERE run_id = ? ORDER BY created_at, id",
            SqlWorkflowJournalStore::map,
            runId);
  }

  @Override
  public List<JournalEntry> forProject(String project, int limit) {
    return jdbc.about("read the journal of project " + project)
        .list(
            "SELECT "
                + COLUMNS
                + " FROM workflow_journal WHERE project = ?"
                + " ORDER BY created_at DESC, id DESC LIMIT ?",
            SqlWorkflowJournalStore::map,
            project,
            limit);
  }

  private static JournalEntry map(Row row) throws SQLException {
    String attempt = row.string("attempt");
    return new JournalEntry(
        row.string("id"),
        row.string("run_id"),
        row.string("project"),
        row.string("stage_id"),
        attempt == null ? null : Integer.valueOf(attempt),
        JournalCategory.fromWire(row.string("category")),
        ImprovementArea.fromWire(row.string("area")),
        JournalSeverity.fromWire(row.string("severity")),
        row.string("author"),
        row.string("summary"),
        row.string("details"),
        strings(row.string("evidence")),
        strings(row.string("related")),
        row.instant("created_at"));
  }

  private static List<String> strings(String json) {
    List<String> out = new ArrayList<>();
    Json.read(json).forEach(node -> out.add(node.asString()));
    return out;
  }
}
