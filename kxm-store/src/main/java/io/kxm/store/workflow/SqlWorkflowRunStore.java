package io.kxm.store.workflow;

import io.kxm.core.workflow.definition.DefinitionHash;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.core.workflow.run.WorkflowRunFold;
import io.kxm.store.jdbc.Jdbc;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@link WorkflowRunStore} in SQL that SQLite and PostgreSQL both accept. The run row repeats what
 * the fold says, for lists and sweeps; the history rows are the truth.
 */
public final class SqlWorkflowRunStore implements WorkflowRunStore {
  private static final String PROJECTION =
      "status = ?, current_stage = ?, version = ?, prompt_message_id = ?, wait_deadline = ?,"
          + " updated_at = ?, finished_at = ?";

  private final Jdbc jdbc;

  /** A store bound to one transaction; see {@code SqlTx}. */
  public SqlWorkflowRunStore(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public RunCreation create(NewRun r) {
    WorkflowRun run = WorkflowRunFold.fold(r.id(), r.history());
    String definition = DefinitionHash.canonicalJson(r.definition());
    Optional<String> inserted =
        jdbc.about("store run " + r.id() + " of workflow " + run.workflowId())
            .first(
                "INSERT INTO workflow_runs (id, project, workflow_id, coordinator, coordinator_key,"
                    + " delivery_id, definition_hash, payload_hash, definition, status,"
                    + " current_stage, version, prompt_message_id, wait_deadline, created_at,"
                    + " updated_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                    + jdbc.jsonParam()
                    + ", ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (project, workflow_id, delivery_id)"
                    + " DO NOTHING RETURNING id",
                row -> row.string("id"),
                r.id(),
                run.project(),
                run.workflowId(),
                run.coordinator(),
                key(run.coordinator()),
                run.deliveryId(),
                run.definitionHash(),
                run.payloadHash(),
                definition,
                run.status().wire(),
                run.currentStage(),
                run.version(),
                run.promptMessageId(),
                deadline(run),
                run.createdAt(),
                run.updatedAt(),
                run.finishedAt());
    if (inserted.isEmpty()) {
      // only the delivery can conflict this way; the earlier run is committed or ours to see
      return new RunCreation.DuplicateDelivery(
          findByDelivery(run.project(), run.workflowId(), run.deliveryId()).orElseThrow());
    }
    EventRows.insert(jdbc.about("store the history of run " + r.id()), r.id(), 1, r.history());
    return new RunCreation.Created(new StoredRun(r.id(), r.definition(), r.history(), run));
  }

  @Override
  public RunAppend append(String runId, int expectedVersion, List<WorkflowRunEvent> events) {
    Optional<StoredRun> found = find(runId);
    if (found.isEmpty()) {
      return new RunAppend.NotFound(runId);
    }
    StoredRun current = found.get();
    if (current.version() != expectedVersion) {
      return new RunAppend.Conflict(current);
    }
    if (events.isEmpty()) {
      return new RunAppend.Appended(current);
    }
    WorkflowRun after = WorkflowRunFold.apply(current.run(), events);
    Jdbc about = jdbc.about("append " + events.size() + " record(s) to run " + runId);
    int updated =
        about.update(
            "UPDATE workflow_runs SET " + PROJECTION + " WHERE id = ? AND version = ?",
            after.status().wire(),
            after.currentStage(),
            after.version(),
            after.promptMessageId(),
            deadline(after),
            after.updatedAt(),
            after.finishedAt(),
            runId,
            expectedVersion);
    if (updated == 0) {
      return new RunAppend.Conflict(find(runId).orElseThrow());
    }
    EventRows.insert(about, runId, expectedVersion + 1, events);
    List<WorkflowRunEvent> history = new ArrayList<>(current.history());
    history.addAll(events);
    return new RunAppend.Appended(new StoredRun(runId, current.definition(), history, after));
  }

  @Override
  public Optional<StoredRun> find(String runId) {
    return jdbc.about("read run " + runId)
        .first(
            "SELECT " + RunRows.COLUMNS + " FROM workflow_runs WHERE id = ?", RunRows::map, runId)
        .map(head -> StoredRun.of(head.id(), head.definition(), EventRows.forRun(jdbc, runId)));
  }

  @Override
  public Optional<StoredRun> findByDelivery(String project, String workflowId, String deliveryId) {
    return firstId(
        "SELECT id FROM workflow_runs WHERE project = ? AND workflow_id = ? AND delivery_id = ?",
        project,
        workflowId,
        deliveryId);
  }

  @Override
  public Optional<StoredRun> findByPrompt(String messageId) {
    return firstId("SELECT id FROM workflow_runs WHERE prompt_message_id = ?", messageId);
  }

  @Override
  public List<StoredRun> listForCoordinator(String project, String coordinator) {
    return list("project = ? AND coordinator_key = ?", project, key(coordinator));
  }

  @Override
  public List<StoredRun> listByProject(String project) {
    return list("project = ?", project);
  }

  @Override
  public List<String> dueDeadlines(Instant now, int limit) {
    return jdbc.about("find waiting runs past their deadline")
        .list(
            "SELECT id FROM workflow_runs WHERE status = 'waiting' AND wait_deadline <= ?"
                + " ORDER BY wait_deadline, id LIMIT ?",
            row -> row.string("id"),
            now,
            limit);
  }

  @Override
  public int purgeFinishedBefore(Instant cutoff) {
    Jdbc about = jdbc.about("purge workflow runs finished before " + cutoff);
    String finished = "SELECT id FROM workflow_runs WHERE finished_at < ?";
    about.update("DELETE FROM workflow_journal WHERE run_id IN (" + finished + ")", cutoff);
    about.update("DELETE FROM workflow_run_events WHERE run_id IN (" + finished + ")", cutoff);
    return about.update("DELETE FROM workflow_runs WHERE finished_at < ?", cutoff);
  }

  private Optional<StoredRun> firstId(String sql, Object... params) {
    return jdbc.about("look up a workflow run")
        .first(sql, row -> row.string("id"), params)
        .flatMap(this::find);
  }

  private List<StoredRun> list(String filter, Object... params) {
    Jdbc about = jdbc.about("list workflow runs");
    Map<String, List<WorkflowRunEvent>> histories = EventRows.forRuns(about, filter, params);
    return about
        .list(
            "SELECT "
                + RunRows.COLUMNS
                + " FROM workflow_runs WHERE "
                + filter
                + " ORDER BY created_at DESC, id DESC",
            RunRows::map,
            params)
        .stream()
        .map(head -> StoredRun.of(head.id(), head.definition(), histories.get(head.id())))
        .toList();
  }

  private static Instant deadline(WorkflowRun run) {
    return run.waiting() == null ? null : run.waiting().deadline();
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
