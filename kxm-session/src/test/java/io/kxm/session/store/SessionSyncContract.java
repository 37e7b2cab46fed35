package io.kxm.session.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.Outbox.OutboxCounts;
import io.kxm.runtime.api.OutboxRow;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.Ending;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a session run leaves for the sync pusher of its project's hub binding: its lifecycle, in
 * order, without its prompt or its answer, and nothing for a workspace outside every project.
 */
public interface SessionSyncContract extends SessionStoreContract {

  @Test
  default void each_lifecycle_step_of_a_run_in_a_project_is_one_outbox_row_without_its_text(
      @TempDir Path dir) throws Exception {
    Path project = Files.createDirectories(dir.resolve("project/.kxm")).getParent();
    Path workspace = Files.createDirectories(project.resolve("module"));
    String key = ProjectKeys.key(ProjectKeys.canonical(project));
    try (SessionFixture f = fixture()) {
      Session session =
          f.store.createSession(workspace.toString(), SessionFixture.HARNESS, "local/m");
      SessionRun run = f.store.createRun(session.id(), "secret plan", null);
      f.store.transition(run.id(), SessionRunStatus.RUNNING, null, null);
      f.store.transition(
          run.id(),
          SessionRunStatus.FAILED,
          new Ending("error", "harness_exit", "the answer"),
          null);

      Outbox outbox = f.store.syncOutbox(key);
      List<OutboxRow> rows = outbox.pending(10);
      assertThat(rows)
          .extracting(OutboxRow::type)
          .containsExactly("session_run.queued", "session_run.running", "session_run.failed");
      assertThat(rows).extracting(OutboxRow::sequence).containsExactly(1L, 2L, 3L);
      assertThat(rows)
          .allSatisfy(r -> {
            assertThat(r.runId()).isEqualTo(run.id());
            assertThat(r.projectKey()).isEqualTo(key);
            assertThat(r.data().path("sessionId").asString()).isEqualTo(session.id());
            assertThat(r.data().toString()).doesNotContain("secret plan", "the answer");
          });
      assertThat(rows.getLast().data().path("error").asString()).isEqualTo("harness_exit");
      assertThat(rows.getLast().data().path("status").asString()).isEqualTo("failed");
      assertThat(f.store.syncOutbox("0".repeat(24)).pending(10)).isEmpty();
    }
  }

  @Test
  default void rows_are_settled_one_by_one_and_parked_rows_come_back_on_unpark(@TempDir Path dir)
      throws Exception {
    Path project = Files.createDirectories(dir.resolve("p/.kxm")).getParent();
    String key = ProjectKeys.key(ProjectKeys.canonical(project));
    try (SessionFixture f = fixture()) {
      Session session = f.store.createSession(project.toString(), SessionFixture.HARNESS, null);
      SessionRun run = f.store.createRun(session.id(), "go", null);
      f.store.transition(run.id(), SessionRunStatus.CANCELLED, null, null);
      Outbox outbox = f.store.syncOutbox(key);
      List<OutboxRow> rows = outbox.pending(10);

      outbox.acknowledge(rows.get(0).rowId());
      outbox.park(rows.get(1).rowId(), "sync_event_invalid", "refused");

      assertThat(outbox.pending(10)).isEmpty();
      assertThat(outbox.counts()).isEqualTo(new OutboxCounts(0, 1, 1));
      assertThat(outbox.unpark()).isEqualTo(1);
      assertThat(outbox.pending(10))
          .extracting(OutboxRow::rowId)
          .containsExactly(rows.get(1).rowId());
      assertThat(outbox.counts()).isEqualTo(new OutboxCounts(1, 1, 0));
    }
  }

  @Test
  default void a_workspace_outside_every_project_leaves_no_rows(@TempDir Path dir)
      throws Exception {
    Path plain = Files.createDirectories(dir.resolve("plain"));
    try (SessionFixture f = fixture()) {
      Session session = f.store.createSession(plain.toString(), SessionFixture.HARNESS, null);
      SessionRun run = f.store.createRun(session.id(), "go", null);
      f.store.transition(run.id(), SessionRunStatus.CANCELLED, null, null);

      assertThat(f.store.syncOutbox(ProjectKeys.key(ProjectKeys.canonical(plain))).counts())
          .isEqualTo(new OutboxCounts(0, 0, 0));
    }
  }
}
