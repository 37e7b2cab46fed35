package io.kxm.store.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.EvidencePolicy;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.TransitionEdge;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.journal.ImprovementArea;
import io.kxm.core.workflow.run.CheckpointCommand;
import io.kxm.core.workflow.run.Checkpoints;
import io.kxm.core.workflow.run.Decision;
import io.kxm.core.workflow.run.WaitCommand;
import io.kxm.core.workflow.run.Waits;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.core.workflow.run.WorkflowRunStart;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.testkit.SettableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * Base of the workflow store contracts: a migrated store per class reached through {@link
 * JdbcHarness}, a fresh project per test, and a clock that only moves forward.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class WorkflowStoreContract {
  protected final SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
  protected JdbcHarness harness;
  protected WorkflowRunStore runs;
  protected WorkflowJournalStore journal;
  protected String project;
  private int runCounter;

  /** Migrates this backend's store and returns a harness over it; called once per class. */
  protected abstract JdbcHarness open(Clock clock) throws Exception;

  /** Drops what {@link #open} made. */
  protected void cleanUp() throws Exception {}

  @BeforeAll
  void openHarness() throws Exception {
    harness = open(clock);
    runs = new RoutedWorkflowRunStore(harness, harness::runs);
    journal = new RoutedWorkflowJournalStore(harness, harness::journal);
  }

  @AfterAll
  void closeHarness() throws Exception {
    cleanUp();
  }

  @BeforeEach
  void freshProject() {
    project = "p-" + UUID.randomUUID();
  }

  /** Two stages; "build" may route back to itself, "review" takes a peer quorum. */
  protected WorkflowDefinition definition(String workflowId, String coordinator) {
    return new WorkflowDefinition(
        workflowId,
        project,
        coordinator,
        "Check {{payload.repo}}",
        "KXM_TEST_SECRET",
        null,
        null,
        null,
        null,
        List.of(
            new StageDefinition(
                "build",
                "build it",
                List.of("tests"),
                3,
                ImprovementArea.IMPLEMENTATION,
                null,
                Map.of("warning", new TransitionEdge("build", 1)),
                null,
                null),
            new StageDefinition(
                "review",
                "review it",
                List.of("review"),
                2,
                ImprovementArea.GATES,
                Map.of("review", new EvidencePolicy(List.of("alice", "bob"), 1, true)),
                null,
                null,
                null)));
  }

  /** A new run of {@code definition} for {@code delivery}, its prompt already sent. */
  protected NewRun newRun(WorkflowDefinition definition, String delivery) {
    String id = "wfr_" + (++runCounter) + "_" + UUID.randomUUID().toString().substring(0, 8);
    List<WorkflowRunEvent> history =
        new ArrayList<>(
            WorkflowRunStart.events(
                definition, delivery, Tokens.sha256Hex("body " + delivery), clock.instant()));
    history.add(new WorkflowRunEvent.PromptSent(clock.instant(), "msg_" + id, "build", 1));
    return new NewRun(id, definition, history);
  }

  protected StoredRun created(RunCreation creation) {
    if (creation instanceof RunCreation.Created created) {
      return created.run();
    }
    throw new AssertionError("expected a new run, got " + creation);
  }

  protected List<WorkflowRunEvent> decide(
      StoredRun stored, Function<WorkflowRun, Decision> decider) {
    Decision decision = decider.apply(stored.run());
    assertThat(decision).isInstanceOf(Decision.Applied.class);
    return ((Decision.Applied) decision).events();
  }

  protected List<WorkflowRunEvent> failBuild(StoredRun stored) {
    return decide(
        stored,
        run ->
            Checkpoints.decide(
                stored.definition(),
                run,
                new CheckpointCommand(
                    run.id(), "lead", "build", CheckpointStatus.FAILED, "red", Map.of(), Map.of()),
                Map.of(),
                clock.instant()));
  }

  protected List<WorkflowRunEvent> waitOn(StoredRun stored, String key, Duration timeout) {
    return decide(
        stored,
        run ->
            Waits.decide(
                stored.definition(),
                run,
                new WaitCommand(
                    run.id(),
                    "lead",
                    run.currentStage(),
                    key,
                    "ci",
                    Map.of("PR", "#4"),
                    Map.of(),
                    timeout),
                Map.of(),
                clock.instant()));
  }

  /** The Jdbc of the calling thread's harness transaction, for raw reads. */
  protected Jdbc harnessJdbc() {
    return harness.jdbc();
  }

  protected StoredRun appended(RunAppend append) {
    assertThat(append).isInstanceOf(RunAppend.Appended.class);
    return ((RunAppend.Appended) append).run();
  }

  protected static <T> List<T> concurrently(int n, IntFunction<T> task) throws Exception {
    CyclicBarrier start = new CyclicBarrier(n);
    try (ExecutorService pool = Executors.newFixedThreadPool(n)) {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int index = i;
        futures.add(
            pool.submit(() -> {
              start.await();
              return task.apply(index);
            }));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    }
  }
}
