package io.kxm.store.workflow;

import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.definition.EvidencePolicy;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.TransitionEdge;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.journal.ImprovementArea;
import io.kxm.core.workflow.run.RunEvent;
import io.kxm.core.workflow.run.RunStart;
import io.kxm.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
    List<RunEvent> history =
        new ArrayList<>(
            RunStart.events(
                definition, delivery, Tokens.sha256Hex("body " + delivery), clock.instant()));
    history.add(new RunEvent.PromptSent(clock.instant(), "msg_" + id, "build", 1));
    return new NewRun(id, definition, history);
  }

  protected StoredRun created(RunCreation creation) {
    if (creation instanceof RunCreation.Created created) {
      return created.run();
    }
    throw new AssertionError("expected a new run, got " + creation);
  }
}
