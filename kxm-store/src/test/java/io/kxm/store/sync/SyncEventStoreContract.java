package io.kxm.store.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncEvent;
import io.kxm.store.StoreContract;
import io.kxm.store.sync.SyncEventStore.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** Exactly-once acceptance of runtime events and the run list built from them, on every backend. */
public abstract class SyncEventStoreContract extends StoreContract {

  private SyncEvent event(String runId, long sequence, String type, ObjectNode data) {
    return new SyncEvent(
        project,
        runId,
        sequence,
        type,
        Instant.parse("2030-01-01T00:00:00Z").plusSeconds(sequence),
        data);
  }

  private static ObjectNode data(String... pairs) {
    ObjectNode data = Json.object();
    for (int i = 0; i < pairs.length; i += 2) {
      data.put(pairs[i], pairs[i + 1]);
    }
    return data;
  }

  @Test
  void a_new_event_is_accepted_and_read_back_as_sent() {
    SyncEvent created =
        event("run-1", 1, "run.created", data("workflowId", "ship", "status", "created"));

    assertThat(store.syncEvents().accept("rt-1", created)).isEqualTo(Outcome.ACCEPTED);

    assertThat(store.syncEvents().events(project, "run-1")).containsExactly(created);
  }

  @Test
  void the_same_event_sent_again_is_a_duplicate_whatever_the_order_of_its_fields() {
    store.syncEvents().accept("rt-1", event("run-1", 1, "run.created", data("a", "1", "b", "2")));

    Outcome again =
        store
            .syncEvents()
            .accept("rt-1", event("run-1", 1, "run.created", data("b", "2", "a", "1")));

    assertThat(again).isEqualTo(Outcome.DUPLICATE);
    assertThat(store.syncEvents().events(project, "run-1")).hasSize(1);
  }

  @Test
  void other_content_under_a_taken_key_is_a_conflict_and_keeps_the_first() {
    SyncEvent first = event("run-1", 1, "run.created", data("status", "created"));
    store.syncEvents().accept("rt-1", first);

    Outcome clash =
        store
            .syncEvents()
            .accept("rt-2", event("run-1", 1, "run.created", data("status", "failed")));

    assertThat(clash).isEqualTo(Outcome.CONFLICT);
    assertThat(store.syncEvents().events(project, "run-1")).containsExactly(first);
  }

  @Test
  void concurrent_pushes_of_one_event_store_it_once_and_accept_it_once() throws Exception {
    SyncEvent created = event("run-1", 1, "run.created", data("status", "created"));

    List<Outcome> outcomes = concurrently(8, i -> store.syncEvents().accept("rt-" + i, created));

    assertThat(outcomes).containsOnlyOnce(Outcome.ACCEPTED);
    assertThat(outcomes).filteredOn(o -> o == Outcome.DUPLICATE).hasSize(7);
    assertThat(store.syncEvents().events(project, "run-1")).hasSize(1);
  }

  @Test
  void the_same_run_and_sequence_in_another_project_is_a_different_event() {
    SyncEvent mine = event("run-1", 1, "run.created", data());
    SyncEvent theirs =
        new SyncEvent(project + "-other", "run-1", 1, "run.created", mine.at(), data("x", "y"));

    assertThat(store.syncEvents().accept("rt-1", mine)).isEqualTo(Outcome.ACCEPTED);
    assertThat(store.syncEvents().accept("rt-1", theirs)).isEqualTo(Outcome.ACCEPTED);
  }

  @Test
  void runs_show_the_first_workflow_the_newest_status_and_the_last_sequence() {
    store
        .syncEvents()
        .accept(
            "rt-1",
            event("run-a", 1, "run.created", data("workflowId", "ship", "status", "created")));
    store.syncEvents().accept("rt-1", event("run-a", 2, "step.started", data("stepId", "plan")));
    store
        .syncEvents()
        .accept("rt-1", event("run-a", 3, "run.status_changed", data("status", "waiting")));
    store
        .syncEvents()
        .accept(
            "rt-1",
            event("run-b", 1, "run.created", data("workflowId", "fix", "status", "created")));

    List<RuntimeRun> runs = store.syncEvents().runs(project, 10);

    assertThat(runs)
        .containsExactly(
            new RuntimeRun(
                project, "run-a", "ship", "waiting", 3, 3, Instant.parse("2030-01-01T00:00:03Z")),
            new RuntimeRun(
                project, "run-b", "fix", "created", 1, 1, Instant.parse("2030-01-01T00:00:01Z")));
    assertThat(store.syncEvents().runs(project, 1))
        .extracting(RuntimeRun::runId)
        .containsExactly("run-a");
  }

  @Test
  void a_status_that_is_not_a_status_word_is_not_taken_for_the_run_list() {
    store
        .syncEvents()
        .accept("rt-1", event("run-a", 1, "run.created", data("status", "Not A Status!")));

    assertThat(store.syncEvents().runs(project, 10))
        .extracting(RuntimeRun::status)
        .containsOnlyNulls();
  }

  @Test
  void presence_records_the_last_push_of_each_runtime() {
    store.syncEvents().seen(project, "rt-1");
    Instant first = clock.instant();
    clock.tick(Duration.ofSeconds(5));
    store.syncEvents().seen(project, "rt-1");

    assertThat(store.syncEvents().lastSeen(project, "rt-1")).contains(first.plusSeconds(5));
    assertThat(store.syncEvents().lastSeen(project, "rt-2")).isEmpty();
  }
}
