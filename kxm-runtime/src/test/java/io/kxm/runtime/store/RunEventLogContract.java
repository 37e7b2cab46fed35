package io.kxm.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.run.RunChain;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StoredEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RunEventLog} must do, whatever keeps it. A backend subclass opens a fresh log
 * for each test, and a second handle on the same one to stand for another process.
 */
public abstract class RunEventLogContract {
  private static final Revisions REVISIONS = new Revisions("b1", "m1", "e1", "t1");

  protected RunEventLog log;
  private Instant at = Instant.parse("2030-01-01T00:00:00Z");

  /** Opens an empty log, one per test. */
  protected abstract RunEventLog openFresh() throws Exception;

  /** Opens another handle on the log {@link #openFresh} last opened. */
  protected abstract RunEventLog reopen() throws Exception;

  @BeforeEach
  void open() throws Exception {
    log = openFresh();
  }

  @AfterEach
  void close() {
    log.close();
  }

  private Instant next() {
    at = at.plus(Duration.ofSeconds(1));
    return at;
  }

  private RunState created(String runId) {
    return log.create(
        runId, next(), Batch.of(new RunEvent.RunCreated("build", "ab12", REVISIONS, null)));
  }

  /** A change every run in created or queued may take, again and again. */
  private static Batch toggle(RunState s, String reason) {
    RunStatus to = s.status() == RunStatus.CREATED ? RunStatus.QUEUED : RunStatus.CREATED;
    return Batch.of(new RunEvent.RunMoved(to, reason));
  }

  private static ThrowingConsumer<Throwable> code(ErrorCode expected) {
    return e -> assertThat(((KxmException) e).code()).isEqualTo(expected);
  }

  @Test
  void the_signed_head_follows_every_append_and_an_unknown_run_has_none() {
    created("run_1");
    RunState last = log.append("run_1", next(), s -> toggle(s, "once"));

    assertThat(log.signedHead("run_1"))
        .hasValueSatisfying(head -> {
          assertThat(head.signed()).isTrue();
          assertThat(head.sequence()).isEqualTo(last.lastSequence());
          assertThat(head.hash()).isEqualTo(last.lastHash());
        });
    assertThat(log.signedHead("run_unknown")).isEmpty();
  }

  @Test
  void the_retention_purge_takes_finished_synced_runs_whole_and_leaves_the_rest() {
    created("run_old");
    log.append("run_old", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLED, "x")));
    created("run_unsynced");
    log.append(
        "run_unsynced", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLED, "x")));
    created("run_open");
    var outbox = log.outbox("p1");
    outbox.pending(100).stream()
        .filter(r -> !r.runId().equals("run_unsynced"))
        .forEach(r -> outbox.acknowledge(r.rowId()));
    Instant cutoff = next();
    created("run_new");
    log.append("run_new", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLED, "x")));
    outbox.pending(100).stream()
        .filter(r -> r.runId().equals("run_new"))
        .forEach(r -> outbox.acknowledge(r.rowId()));

    assertThat(log.finishedBefore(cutoff, 10)).containsExactly("run_old");
    assertThat(log.purgeFinishedBefore(cutoff, 10)).containsExactly("run_old");

    assertThatThrownBy(() -> log.load("run_old")).satisfies(code(ErrorCode.RUN_NOT_FOUND));
    assertThat(log.events("run_old")).isEmpty();
    assertThat(log.signedHead("run_old")).isEmpty();
    assertThat(log.runIds()).containsExactly("run_unsynced", "run_open", "run_new");
    assertThat(log.load("run_new").status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(log.finishedBefore(cutoff, 10)).isEmpty();
  }

  @Test
  void a_new_run_folds_from_its_first_event() {
    RunState state = created("run_1");

    assertThat(state.status()).isEqualTo(RunStatus.CREATED);
    assertThat(state.workflowId()).isEqualTo("build");
    assertThat(state.revisions()).isEqualTo(REVISIONS);
    assertThat(state.lastSequence()).isEqualTo(1);
    assertThat(log.load("run_1")).isEqualTo(state);
    StoredEvent first = log.events("run_1").getFirst();
    assertThat(first.type()).isEqualTo("run.created");
    assertThat(first.prevHash()).isEqualTo(StoredEvent.GENESIS);
    assertThat(first.hash()).isEqualTo(state.lastHash());
  }

  @Test
  void appended_events_are_numbered_densely_and_chained_by_hash() {
    created("run_1");
    log.append("run_1", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.QUEUED, "full")));
    RunState last =
        log.append(
            "run_1",
            next(),
            s ->
                Batch.of(
                    new RunEvent.RunMoved(RunStatus.CREATED, "freed"),
                    new RunEvent.RunMoved(RunStatus.QUEUED, "full again")));

    List<StoredEvent> events = log.events("run_1");
    assertThat(events).extracting(StoredEvent::sequence).containsExactly(1L, 2L, 3L, 4L);
    for (int i = 1; i < events.size(); i++) {
      assertThat(events.get(i).prevHash()).isEqualTo(events.get(i - 1).hash());
    }
    assertThat(RunChain.verify("run_1", events).ok()).isTrue();
    assertThat(last.lastSequence()).isEqualTo(4);
    assertThat(last.lastHash()).isEqualTo(events.getLast().hash());
    assertThat(log.load("run_1")).isEqualTo(last);
  }

  @Test
  void the_decision_sees_the_run_as_stored_and_an_empty_batch_writes_nothing() {
    RunState before = created("run_1");
    RunState[] seen = new RunState[1];

    RunState after =
        log.append(
            "run_1",
            next(),
            s -> {
              seen[0] = s;
              return Batch.none();
            });

    assertThat(seen[0]).isEqualTo(before);
    assertThat(after).isEqualTo(before);
    assertThat(log.events("run_1")).hasSize(1);
    assertThat(log.outbox("p").counts().pending()).isEqualTo(1);
  }

  @Test
  void a_refused_transition_changes_nothing() {
    created("run_1");

    assertThatThrownBy(() ->
            log.append(
                "run_1",
                next(),
                s ->
                    Batch.of(
                        new RunEvent.RunMoved(RunStatus.QUEUED, "first"),
                        new RunEvent.RunMoved(RunStatus.COMPLETED, null))))
        .satisfies(code(ErrorCode.RUN_TRANSITION_REFUSED));

    assertThat(log.events("run_1")).hasSize(1);
    assertThat(log.load("run_1").status()).isEqualTo(RunStatus.CREATED);
    assertThat(log.outbox("p").counts().pending()).isEqualTo(1);
  }

  @Test
  void a_decision_that_throws_changes_nothing() {
    created("run_1");

    assertThatThrownBy(() ->
            log.append(
                "run_1",
                next(),
                s -> {
                  throw new IllegalStateException("the decision failed");
                }))
        .hasMessage("the decision failed");

    assertThat(log.events("run_1")).hasSize(1);
  }

  @Test
  void a_batch_whose_side_row_is_refused_commits_none_of_its_events() {
    created("run_1");
    log.append("run_1", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.PREPARING, null)));
    RunState before = log.load("run_1");
    SideRow.Plan plan = new SideRow.Plan("ab", "{\"steps\":[]}");

    assertThatThrownBy(() ->
            log.append(
                "run_1",
                next(),
                s ->
                    new Batch(
                        List.of(new RunEvent.PlanPinned("ab", List.of())), List.of(plan, plan))))
        .satisfies(code(ErrorCode.RUNTIME_STORE_FAILED));

    assertThat(log.load("run_1")).isEqualTo(before);
    assertThat(log.events("run_1")).hasSize(2);
    assertThat(log.load("run_1").planSha256()).isNull();
    assertThat(log.plan("run_1")).isEmpty();
    assertThat(log.outbox("p").counts().pending()).isEqualTo(2);
  }

  @Test
  void a_pinned_plan_commits_with_its_event() {
    created("run_1");
    log.append("run_1", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.PREPARING, null)));
    assertThat(log.plan("run_1")).isEmpty();

    RunState pinned =
        log.append(
            "run_1",
            next(),
            s ->
                new Batch(
                    List.of(new RunEvent.PlanPinned("ab", List.of())),
                    List.of(new SideRow.Plan("ab", "{\"steps\":[]}"))));

    assertThat(pinned.planSha256()).isEqualTo("ab");
    assertThat(log.plan("run_1")).contains("{\"steps\":[]}");
  }

  @Test
  void an_unknown_run_is_not_found_and_reads_as_empty() {
    assertThatThrownBy(() -> log.load("run_none")).satisfies(code(ErrorCode.RUN_NOT_FOUND));
    assertThatThrownBy(() -> log.append("run_none", next(), s -> toggle(s, "x")))
        .satisfies(code(ErrorCode.RUN_NOT_FOUND));
    assertThat(log.events("run_none")).isEmpty();
    assertThat(log.plan("run_none")).isEmpty();
    assertThat(log.lastReceipt("run_none")).isEmpty();
    assertThat(log.runIds()).isEmpty();
  }

  @Test
  void a_run_id_is_taken_once() {
    RunState first = created("run_1");

    assertThatThrownBy(() -> created("run_1")).satisfies(code(ErrorCode.STORE_CONFLICT));

    assertThat(log.load("run_1")).isEqualTo(first);
    assertThat(log.runIds()).containsExactly("run_1");
  }

  @Test
  void a_new_run_must_start_with_run_created() {
    assertThatThrownBy(() ->
            log.create("run_1", next(), Batch.of(new RunEvent.RunMoved(RunStatus.QUEUED, "x"))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> log.create("run_1", next(), Batch.none()))
        .isInstanceOf(IllegalArgumentException.class);

    assertThat(log.runIds()).isEmpty();
  }

  @Test
  void runs_list_in_creation_order_and_unfinished_ones_leave_out_ended_runs() {
    created("run_b");
    created("run_a");
    created("run_c");
    log.append("run_a", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLED, "no")));
    log.append("run_c", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.QUEUED, "full")));

    assertThat(log.runIds()).containsExactly("run_b", "run_a", "run_c");
    assertThat(log.unfinishedRunIds()).containsExactly("run_b", "run_c");
  }

  @Test
  void the_last_receipt_is_the_one_with_the_highest_head() {
    created("run_1");
    Instant t = next();
    Receipt early = new Receipt("rcp_1", "run_1", "drive", "running", 3, "h3", t, "k1", "s1", null);
    Receipt late =
        new Receipt("rcp_2", "run_1", "drive", "completed", 9, "h9", t, "k1", "s2", null);
    Receipt stale =
        new Receipt(
            "rcp_3", "run_1", "drive", "running", 5, "h5", t.plusSeconds(60), "k1", "s3", null);

    log.saveReceipt(early);
    log.saveReceipt(late);
    log.saveReceipt(stale);

    assertThat(log.lastReceipt("run_1")).contains(late);
  }

  @Test
  void outbox_rows_are_acknowledged_parked_and_offered_again() {
    created("run_1");
    log.append("run_1", next(), s -> toggle(s, "a"));
    log.append("run_1", next(), s -> toggle(s, "b"));
    Outbox outbox = log.outbox("proj1");
    List<OutboxRow> rows = outbox.pending(1000);
    assertThat(rows).extracting(OutboxRow::sequence).containsExactly(1L, 2L, 3L);
    assertThat(rows.getFirst().type()).isEqualTo("run.created");
    assertThat(rows.getFirst().projectKey()).isEqualTo("proj1");
    assertThat(rows.getFirst().runId()).isEqualTo("run_1");

    outbox.acknowledge(rows.get(0).rowId());
    outbox.park(rows.get(1).rowId(), "sync_event_refused", "too big");

    assertThat(outbox.counts()).isEqualTo(new Outbox.OutboxCounts(1, 1, 1));
    assertThat(outbox.pending(1000))
        .extracting(OutboxRow::rowId)
        .containsExactly(rows.get(2).rowId());
    assertThatThrownBy(() -> outbox.acknowledge(rows.get(0).rowId()))
        .satisfies(code(ErrorCode.NOT_FOUND));
    assertThatThrownBy(() -> outbox.park(rows.get(2).rowId(), " ", "no code"))
        .satisfies(code(ErrorCode.INVALID_REQUEST));
    assertThatThrownBy(() -> outbox.pending(0)).satisfies(code(ErrorCode.VALUE_OUT_OF_RANGE));
    assertThatThrownBy(() -> outbox.pending(1001)).satisfies(code(ErrorCode.VALUE_OUT_OF_RANGE));

    assertThat(outbox.unpark()).isEqualTo(1);
    assertThat(outbox.counts().parked()).isZero();
    assertThat(outbox.pending(1).getFirst().rowId()).isEqualTo(rows.get(1).rowId());
  }

  @Test
  void a_run_another_handle_moved_on_is_loaded_with_the_events_it_appended() throws Exception {
    created("run_1");
    log.load("run_1");

    try (RunEventLog other = reopen()) {
      other.append("run_1", next(), s -> Batch.of(new RunEvent.RunMoved(RunStatus.QUEUED, "x")));
      other.append("run_1", next(), s -> toggle(s, "elsewhere"));
    }
    RunState after = log.load("run_1");

    assertThat(after.status()).isEqualTo(RunStatus.CREATED);
    assertThat(after.reason()).isEqualTo("elsewhere");
    assertThat(after.lastSequence()).isEqualTo(3);
    assertThat(after.lastHash()).isEqualTo(log.events("run_1").getLast().hash());
  }

  @Test
  void concurrent_appends_through_one_handle_all_land_in_order() throws Exception {
    created("run_1");
    int writers = 4;
    int perWriter = 10;
    List<Integer> landed = appendConcurrently(List.of(log, log, log, log), perWriter);

    List<StoredEvent> events = log.events("run_1");
    assertThat(landed).containsOnly(perWriter);
    assertThat(events).hasSize(1 + writers * perWriter);
    assertThat(RunChain.verify("run_1", events).ok()).isTrue();
    // Each decision saw the run as it stood, so the reason it wrote names the sequence before it.
    for (StoredEvent e : events.subList(1, events.size())) {
      assertThat(e.body()).contains("\"reason\":\"after " + (e.sequence() - 1) + "\"");
    }
  }

  @Test
  void racing_appends_from_two_handles_land_whole_or_not_at_all() throws Exception {
    created("run_1");
    int perWriter = 10;
    List<Integer> landed;
    try (RunEventLog other = reopen()) {
      landed = appendConcurrently(List.of(log, other), perWriter);
    }

    List<StoredEvent> events = log.events("run_1");
    assertThat(events).hasSize(1 + landed.get(0) + landed.get(1));
    assertThat(landed.get(0) + landed.get(1)).isPositive();
    assertThat(RunChain.verify("run_1", events).ok()).isTrue();
    assertThat(log.load("run_1").lastSequence()).isEqualTo(events.size());
    assertThat(log.outbox("p").counts().pending()).isEqualTo(events.size());
  }

  /**
   * Appends {@code perWriter} events to run_1 through each handle, one thread per handle released
   * together; returns how many of each thread's appends landed (the others were refused).
   */
  private static List<Integer> appendConcurrently(List<RunEventLog> handles, int perWriter)
      throws Exception {
    CyclicBarrier start = new CyclicBarrier(handles.size());
    Instant at = Instant.parse("2030-02-01T00:00:00Z");
    try (ExecutorService pool = Executors.newFixedThreadPool(handles.size())) {
      List<Future<Integer>> writers =
          handles.stream()
              .map(handle ->
                  pool.submit(() -> {
                    start.await();
                    int landed = 0;
                    for (int i = 0; i < perWriter; i++) {
                      try {
                        handle.append("run_1", at, s -> toggle(s, "after " + s.lastSequence()));
                        landed++;
                      } catch (KxmException refused) {
                        // Another handle appended first; this append changed nothing.
                      }
                    }
                    return landed;
                  }))
              .toList();
      List<Integer> landed = new ArrayList<>();
      for (Future<Integer> writer : writers) {
        landed.add(writer.get());
      }
      return landed;
    }
  }
}
