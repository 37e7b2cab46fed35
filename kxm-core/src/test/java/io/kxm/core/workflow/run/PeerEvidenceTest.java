package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.CheckpointStatus.PASSED;
import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static io.kxm.core.workflow.run.RunDriver.refusal;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.provenance.CitedMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Quorum gates through checkpoints and waits, and degrading a quorum for one attempt. */
class PeerEvidenceTest {
  private final RunDriver d =
      new RunDriver(
          workflow(
              stage("review")
                  .evidence("tests", "review")
                  .attempts(3)
                  .peers("review", 2, true, "alice", "bob", "carol"),
              stage("ship")));

  private CitedMessage reply(String id, String producer) {
    return new CitedMessage(
        id,
        "demo",
        "agt_lead",
        "lead",
        "agt_" + producer,
        producer,
        MessageStatus.REPLIED,
        "q",
        "a",
        Instant.EPOCH,
        new WorkflowContext(d.run.id(), "review", "review", d.run.currentAttempt()));
  }

  private Decision passWith(String... ids) {
    Map<String, CitedMessage> found = new java.util.HashMap<>();
    for (String id : ids) {
      found.put(id, reply(id, id.substring(4)));
    }
    return d.checkpoint(PASSED, Map.of("tests", "ok"), Map.of("review", List.of(ids)), found);
  }

  @Test
  void a_quorum_of_distinct_eligible_producers_passes_the_stage_and_keeps_snapshots() {
    passWith("msg_alice", "msg_bob");

    assertThat(d.run.currentStage()).isEqualTo("ship");
    assertThat(d.run.progress("review").checkpoints().getLast().peerEvidence()).hasSize(2);
  }

  @Test
  void one_producer_short_of_the_quorum_is_incomplete() {
    WorkflowRefusal refusal = refusal(passWith("msg_alice"));

    assertThat(refusal.code()).isEqualTo(ErrorCode.WORKFLOW_EVIDENCE_INCOMPLETE);
    assertThat(refusal.details()).containsEntry("missingRequirements", List.of("review"));
  }

  @Test
  void an_evidence_string_never_satisfies_a_peer_requirement() {
    WorkflowRefusal refusal =
        refusal(d.checkpoint(PASSED, Map.of("tests", "ok", "review", "trust me")));

    assertThat(refusal.details()).containsEntry("missingRequirements", List.of("review"));
  }

  @Test
  void a_forged_citation_is_refused_as_provenance_invalid_naming_the_message() {
    WorkflowRefusal refusal = refusal(passWith("msg_alice", "msg_mallory"));

    assertThat(refusal.code()).isEqualTo(ErrorCode.WORKFLOW_PROVENANCE_INVALID);
    assertThat(refusal.message()).contains("msg_mallory (producer_not_eligible)");
  }

  @Test
  void peer_evidence_verified_at_a_wait_counts_when_the_signal_passes() {
    d.apply(
        Waits.decide(
            d.definition,
            d.run,
            new WaitCommand(
                d.run.id(),
                "lead",
                "review",
                "ci",
                "s",
                Map.of(),
                Map.of("review", List.of("msg_alice", "msg_bob")),
                Duration.ofHours(1)),
            Map.of("msg_alice", reply("msg_alice", "alice"), "msg_bob", reply("msg_bob", "bob")),
            d.now));

    d.signal("ci", PASSED, Map.of("tests", "green"));

    assertThat(d.run.currentStage()).isEqualTo("ship");
  }

  @Test
  void an_admin_degrades_a_quorum_for_the_current_attempt_only() {
    Decision degraded =
        d.apply(
            Degrades.decide(
                d.definition,
                d.run,
                new DegradeCommand(d.run.id(), "review", "Review", 1, true, "bob is on leave"),
                d.now));
    assertThat(degraded).isInstanceOf(Decision.Applied.class);
    assertThat(d.run.degradations()).hasSize(1);

    d.fail();
    assertThat(refusal(passWith("msg_alice")).code())
        .isEqualTo(ErrorCode.WORKFLOW_EVIDENCE_INCOMPLETE);
  }

  @Test
  void a_degraded_quorum_lets_fewer_producers_pass_that_attempt() {
    d.apply(
        Degrades.decide(
            d.definition,
            d.run,
            new DegradeCommand(d.run.id(), "review", "review", 1, true, "bob is on leave"),
            d.now));

    passWith("msg_alice");

    assertThat(d.run.currentStage()).isEqualTo("ship");
  }

  @Test
  void degrading_needs_admin_a_policy_that_allows_it_and_happens_once_per_attempt() {
    RunDriver strict =
        new RunDriver(
            workflow(stage("review").evidence("review").peers("review", 1, false, "bob")));
    assertThat(refusal(degrade(d, "review", 1, false)).code()).isEqualTo(ErrorCode.ADMIN_REQUIRED);
    assertThat(refusal(degrade(strict, "review", 0, true)).code())
        .isEqualTo(ErrorCode.WORKFLOW_DEGRADE_FORBIDDEN);
    assertThat(refusal(degrade(d, "tests", 0, true)).code())
        .isEqualTo(ErrorCode.WORKFLOW_EVIDENCE_POLICY_MISSING);
    assertThat(refusal(degrade(d, "review", 2, true)).code())
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    d.apply(degrade(d, "review", 1, true));
    assertThat(refusal(degrade(d, "review", 0, true)).code())
        .isEqualTo(ErrorCode.WORKFLOW_DEGRADE_FORBIDDEN);
  }

  private static Decision degrade(RunDriver driver, String key, int quorum, boolean admin) {
    return Degrades.decide(
        driver.definition,
        driver.run,
        new DegradeCommand(driver.run.id(), driver.run.currentStage(), key, quorum, admin, "why"),
        driver.now);
  }
}
