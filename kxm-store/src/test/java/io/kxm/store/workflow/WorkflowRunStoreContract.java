package io.kxm.store.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.NewMessage;
import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.run.CoordinatorEvents;
import io.kxm.core.workflow.run.SignalCommand;
import io.kxm.core.workflow.run.Signals;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.core.workflow.run.WorkflowRunStart;
import io.kxm.core.workflow.run.WorkflowRunStatus;
import io.kxm.core.workflow.signature.SignatureCheck;
import io.kxm.core.workflow.signature.SignaturePolicy;
import io.kxm.core.workflow.signature.SignedRequest;
import io.kxm.core.workflow.signature.SigningSecret;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.testkit.AgentRegistrationBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What every {@link WorkflowRunStore} must do, on SQLite and on PostgreSQL. */
abstract class WorkflowRunStoreContract extends WorkflowStoreContract {

  @Test
  void a_created_run_reads_back_with_its_history_and_pinned_definition() {
    WorkflowDefinition definition = definition("release", "Lead");
    NewRun fresh = newRun(definition, "d-1");

    StoredRun stored = created(runs.create(fresh));

    StoredRun read = runs.find(fresh.id()).orElseThrow();
    assertThat(read).isEqualTo(stored);
    assertThat(read.definition()).isEqualTo(definition);
    assertThat(read.history()).isEqualTo(fresh.history());
    assertThat(read.run().status()).isEqualTo(WorkflowRunStatus.RUNNING);
    assertThat(read.version()).isEqualTo(2);
    assertThat(runs.find("wfr_nope")).isEmpty();
  }

  @Test
  void a_retried_delivery_returns_the_run_it_created_and_stores_nothing() {
    WorkflowDefinition definition = definition("release", "lead");
    StoredRun first = created(runs.create(newRun(definition, "d-1")));

    RunCreation again = runs.create(newRun(definition, "d-1"));

    assertThat(again).isEqualTo(new RunCreation.DuplicateDelivery(first));
    assertThat(runs.listByProject(project)).hasSize(1);
    assertThat(runs.findByDelivery(project, "release", "d-1")).contains(first);
  }

  @Test
  void the_same_delivery_id_for_another_workflow_starts_its_own_run() {
    created(runs.create(newRun(definition("release", "lead"), "d-1")));

    assertThat(runs.create(newRun(definition("hotfix", "lead"), "d-1")))
        .isInstanceOf(RunCreation.Created.class);
  }

  @Test
  void an_append_at_the_read_version_is_stored_and_the_row_follows_the_fold() {
    StoredRun run = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    List<WorkflowRunEvent> wait = waitOn(run, "ci-1", Duration.ofMinutes(10));

    StoredRun after = appended(runs.append(run.id(), run.version(), wait));

    assertThat(after.run().status()).isEqualTo(WorkflowRunStatus.WAITING);
    assertThat(runs.find(run.id())).contains(after);
    assertThat(after.version()).isEqualTo(run.version() + wait.size());
    assertThat(runs.dueDeadlines(clock.instant().plus(Duration.ofMinutes(10)), 10))
        .contains(run.id());
    assertThat(runs.dueDeadlines(clock.instant().plus(Duration.ofMinutes(9)), 10))
        .doesNotContain(run.id());
  }

  @Test
  void an_append_at_a_stale_version_is_a_conflict_and_changes_nothing() {
    StoredRun run = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    StoredRun moved = appended(runs.append(run.id(), run.version(), failBuild(run)));

    RunAppend stale = runs.append(run.id(), run.version(), failBuild(run));

    assertThat(stale).isEqualTo(new RunAppend.Conflict(moved));
    assertThat(runs.find(run.id())).contains(moved);
    assertThat(runs.append("wfr_gone", 1, List.of())).isEqualTo(new RunAppend.NotFound("wfr_gone"));
  }

  @Test
  void records_that_would_leave_the_lifecycle_are_refused_and_nothing_is_stored() {
    StoredRun run = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    List<WorkflowRunEvent> rogue =
        List.of(new WorkflowRunEvent.RunCompleted(clock.instant(), "build"));

    assertThatThrownBy(() -> runs.append(run.id(), run.version(), rogue))
        .isInstanceOf(IllegalStateException.class);
    assertThat(runs.find(run.id())).contains(run);
  }

  @Test
  void concurrent_appends_at_one_version_leave_exactly_one_winner() throws Exception {
    StoredRun run = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    List<WorkflowRunEvent> fail = failBuild(run);

    List<RunAppend> outcomes = concurrently(6, i -> runs.append(run.id(), run.version(), fail));

    assertThat(outcomes).filteredOn(RunAppend.Appended.class::isInstance).hasSize(1);
    assertThat(outcomes).filteredOn(RunAppend.Conflict.class::isInstance).hasSize(5);
    assertThat(runs.find(run.id()).orElseThrow().version()).isEqualTo(run.version() + fail.size());
  }

  @Test
  void concurrent_deliveries_with_one_id_create_one_run() throws Exception {
    WorkflowDefinition definition = definition("release", "lead");

    List<RunCreation> outcomes = concurrently(6, i -> runs.create(newRun(definition, "d-same")));

    assertThat(outcomes).filteredOn(RunCreation.Created.class::isInstance).hasSize(1);
    assertThat(outcomes)
        .extracting(c -> c.run().id())
        .containsOnly(
            outcomes.stream()
                .filter(RunCreation.Created.class::isInstance)
                .findFirst()
                .orElseThrow()
                .run()
                .id());
  }

  @Test
  void the_current_prompt_finds_its_run_and_an_older_one_does_not() {
    StoredRun run = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    String first = run.run().promptMessageId();
    StoredRun waiting =
        appended(runs.append(run.id(), run.version(), waitOn(run, "ci", Duration.ofHours(1))));
    List<WorkflowRunEvent> resumed =
        new ArrayList<>(
            decide(
                waiting,
                r ->
                    io.kxm.core.workflow.run.Signals.decide(
                        waiting.definition(),
                        r,
                        new io.kxm.core.workflow.run.SignalCommand(
                            r.id(),
                            "ci",
                            "sig-1",
                            io.kxm.core.secret.Tokens.sha256Hex("x"),
                            CheckpointStatus.FAILED,
                            null,
                            Map.of()),
                        clock.instant())));
    resumed.add(new WorkflowRunEvent.PromptSent(clock.instant(), "msg_fresh", "build", 2));

    appended(runs.append(run.id(), waiting.version(), resumed));

    assertThat(runs.findByPrompt("msg_fresh")).map(StoredRun::id).contains(run.id());
    assertThat(runs.findByPrompt(first)).isEmpty();
  }

  @Test
  void lists_by_coordinator_ignore_case_and_other_projects_and_come_newest_first() {
    StoredRun older = created(runs.create(newRun(definition("release", "Lead"), "d-1")));
    clock.tick(Duration.ofSeconds(1));
    StoredRun newer = created(runs.create(newRun(definition("hotfix", "lead"), "d-2")));
    created(runs.create(newRun(definition("release", "someone"), "d-3")));
    String mine = project;
    project = mine + "-other";
    created(runs.create(newRun(definition("release", "lead"), "d-4")));

    assertThat(runs.listForCoordinator(mine, "LEAD"))
        .extracting(StoredRun::id)
        .containsExactly(newer.id(), older.id());
    assertThat(runs.listByProject(mine)).hasSize(3);
  }

  @Test
  void finished_runs_go_with_their_history_and_journal_after_the_retention() {
    StoredRun done = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    StoredRun ended =
        appended(
            runs.append(
                done.id(),
                done.version(),
                decide(
                    done,
                    r -> CoordinatorEvents.replied(r, r.promptMessageId(), clock.instant()))));
    assertThat(ended.run().status()).isEqualTo(WorkflowRunStatus.FAILED);
    journal.insert(
        WorkflowJournalStoreContract.entry(
            "jrn_" + done.id(), done.id(), project, clock.instant()));
    StoredRun open = created(runs.create(newRun(definition("release", "lead"), "d-2")));

    assertThat(runs.purgeFinishedBefore(clock.instant())).isZero();
    clock.tick(Duration.ofDays(7).plusMillis(1));
    int purged = runs.purgeFinishedBefore(clock.instant().minus(Duration.ofDays(7)));

    assertThat(purged).isEqualTo(1);
    assertThat(runs.find(done.id())).isEmpty();
    assertThat(journal.forRun(done.id())).isEmpty();
    assertThat(runs.find(open.id())).isPresent();
    assertThat(runs.create(newRun(definition("release", "lead"), "d-1")))
        .isInstanceOf(RunCreation.Created.class);
  }

  @Test
  void a_run_and_its_coordinator_message_commit_together_or_not_at_all() {
    WorkflowDefinition definition = definition("release", "lead");
    String[] agents =
        harness.write(tx ->
            new String[] {
              tx.agents()
                  .register(AgentRegistrationBuilder.anAgent("hook").inProject(project).build())
                  .agent()
                  .id(),
              tx.agents()
                  .register(AgentRegistrationBuilder.anAgent("lead").inProject(project).build())
                  .agent()
                  .id()
            });
    NewRun good = newRun(definition, "d-1");
    NewRun doomed = newRun(definition, "d-2");

    harness.write(tx -> {
      harness.runs(tx).create(good);
      return tx.messages().insert(NewMessage.request(project, agents[0], agents[1], "prompt"));
    });
    assertThatThrownBy(() ->
            harness.write(tx -> {
              harness.runs(tx).create(doomed);
              tx.messages().insert(NewMessage.request(project, agents[0], agents[1], "prompt 2"));
              throw new KxmException(ErrorCode.INTERNAL, "the hub crashed before commit");
            }))
        .isInstanceOf(KxmException.class);

    assertThat(runs.find(good.id())).isPresent();
    assertThat(runs.find(doomed.id())).isEmpty();
    List<io.kxm.core.messaging.StoredMessage> open =
        harness.read(tx -> tx.messages().openForRecipient(agents[1]));
    assertThat(open).hasSize(1);
  }

  @Test
  void no_secret_signature_or_raw_body_reaches_the_tables() {
    WorkflowDefinition definition = definition("release", "lead");
    SigningSecret secret = SigningSecret.of("correct-horse-battery-staple-42", "KXM_TEST_SECRET");
    byte[] body = "{\"repo\":\"raw-body-marker-123\"}".getBytes(StandardCharsets.UTF_8);
    long now = clock.instant().getEpochSecond();
    String path = WebhookSignature.startPath(definition.id());
    String signature = WebhookSignature.sign(secret, "POST", path, "d-secret", now, body);
    SignatureCheck.Verified start =
        (SignatureCheck.Verified)
            WebhookSignature.verify(
                secret,
                SignaturePolicy.of(definition),
                new SignedRequest("POST", path, "d-secret", Long.toString(now), signature, body),
                clock.instant());
    List<WorkflowRunEvent> history =
        new ArrayList<>(
            WorkflowRunStart.events(definition, "d-secret", start.bodySha256(), clock.instant()));
    history.add(new WorkflowRunEvent.PromptSent(clock.instant(), "msg_p", "build", 1));
    StoredRun run = created(runs.create(new NewRun("wfr_secret_" + project, definition, history)));
    StoredRun waiting =
        appended(runs.append(run.id(), run.version(), waitOn(run, "ci", Duration.ofHours(1))));
    byte[] signalBody =
        "{\"status\":\"failed\",\"note\":\"raw-signal-marker\"}".getBytes(StandardCharsets.UTF_8);
    appended(
        runs.append(
            run.id(),
            waiting.version(),
            decide(
                waiting,
                r ->
                    Signals.decide(
                        waiting.definition(),
                        r,
                        new SignalCommand(
                            r.id(),
                            "ci",
                            "sig-1",
                            Tokens.sha256Hex(signalBody),
                            CheckpointStatus.FAILED,
                            null,
                            Map.of()),
                        clock.instant()))));

    String everything =
        harness.read(tx -> {
          Jdbc jdbc = harnessJdbc();
          StringBuilder all = new StringBuilder();
          jdbc.list(
              "SELECT id, delivery_id, definition_hash, payload_hash, definition FROM workflow_runs",
              row ->
                  all.append(row.stringAt(1))
                      .append(row.stringAt(2))
                      .append(row.stringAt(3))
                      .append(row.stringAt(4))
                      .append(row.stringAt(5)));
          jdbc.list("SELECT data FROM workflow_run_events", row -> all.append(row.stringAt(1)));
          return all.toString();
        });

    assertThat(everything)
        .contains(start.bodySha256())
        .contains("KXM_TEST_SECRET")
        .doesNotContain("correct-horse-battery-staple-42")
        .doesNotContain(signature.substring("sha256=".length()))
        .doesNotContain("raw-body-marker-123")
        .doesNotContain("raw-signal-marker");
  }
}
