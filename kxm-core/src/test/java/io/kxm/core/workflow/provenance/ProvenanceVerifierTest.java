package io.kxm.core.workflow.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.definition.EvidencePolicy;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class ProvenanceVerifierTest {
  private static final ProvenanceScope SCOPE =
      new ProvenanceScope("wfr_1", "demo", "lead", "review", 2);
  private static final EvidencePolicy POLICY =
      new EvidencePolicy(List.of("Alice", "bob"), 2, false);

  static CitedMessage reply(String id, String producer) {
    return new CitedMessage(
        id,
        "demo",
        "agt_lead",
        "lead",
        "agt_" + producer,
        producer,
        MessageStatus.REPLIED,
        "please review",
        "looks good",
        Instant.EPOCH,
        new WorkflowContext("wfr_1", "review", "Code Review", 2));
  }

  private static Rejection.Reason rejectionOf(UnaryOperator<CitedMessage> forge) {
    CitedMessage forged = forge.apply(reply("msg_1", "alice"));
    ProvenanceResult result =
        ProvenanceVerifier.verify(
            SCOPE,
            "code review",
            POLICY,
            List.of("msg_1"),
            forged == null ? Map.of() : Map.of("msg_1", forged));
    assertThat(result).isInstanceOf(ProvenanceResult.Rejected.class);
    return ((ProvenanceResult.Rejected) result).rejections().getFirst().reason();
  }

  private static CitedMessage withContext(CitedMessage m, WorkflowContext c) {
    return new CitedMessage(
        m.id(),
        m.project(),
        m.fromAgentId(),
        m.fromName(),
        m.toAgentId(),
        m.toName(),
        m.status(),
        m.request(),
        m.reply(),
        m.repliedAt(),
        c);
  }

  @Test
  void replies_from_two_eligible_producers_verify_and_keep_only_hashes() {
    ProvenanceResult result =
        ProvenanceVerifier.verify(
            SCOPE,
            "code review",
            POLICY,
            List.of("msg_1", "msg_2"),
            Map.of("msg_1", reply("msg_1", "alice"), "msg_2", reply("msg_2", "Bob")));

    assertThat(result)
        .isInstanceOfSatisfying(
            ProvenanceResult.Verified.class,
            v -> {
              assertThat(v.distinctProducers()).isEqualTo(2);
              VerifiedPeerEvidence first = v.snapshots().getFirst();
              assertThat(first.requestSha256()).isEqualTo(Tokens.sha256Hex("please review"));
              assertThat(first.replySha256()).isEqualTo(Tokens.sha256Hex("looks good"));
              assertThat(first.toString())
                  .doesNotContain("looks good")
                  .doesNotContain("please review");
            });
  }

  @Test
  void the_same_producer_cited_twice_counts_once() {
    ProvenanceResult result =
        ProvenanceVerifier.verify(
            SCOPE,
            "code review",
            POLICY,
            List.of("msg_1", "msg_2"),
            Map.of("msg_1", reply("msg_1", "alice"), "msg_2", reply("msg_2", "ALICE")));

    assertThat(((ProvenanceResult.Verified) result).distinctProducers()).isEqualTo(1);
  }

  @Test
  void forged_references_are_rejected_each_with_its_reason() {
    assertThat(rejectionOf(m -> null)).isEqualTo(Rejection.Reason.NOT_FOUND);
    assertThat(
            rejectionOf(m ->
                new CitedMessage(
                    m.id(),
                    "other",
                    m.fromAgentId(),
                    m.fromName(),
                    m.toAgentId(),
                    m.toName(),
                    m.status(),
                    m.request(),
                    m.reply(),
                    m.repliedAt(),
                    m.context())))
        .isEqualTo(Rejection.Reason.WRONG_PROJECT);
    assertThat(rejectionOf(m -> withContext(m, null)))
        .isEqualTo(Rejection.Reason.NO_WORKFLOW_CONTEXT);
    assertThat(
            rejectionOf(
                m -> withContext(m, new WorkflowContext("wfr_2", "review", "code review", 2))))
        .isEqualTo(Rejection.Reason.WRONG_RUN);
    assertThat(
            rejectionOf(
                m -> withContext(m, new WorkflowContext("wfr_1", "build", "code review", 2))))
        .isEqualTo(Rejection.Reason.WRONG_STAGE);
    assertThat(
            rejectionOf(m -> withContext(m, new WorkflowContext("wfr_1", "review", "security", 2))))
        .isEqualTo(Rejection.Reason.WRONG_REQUIREMENT);
    assertThat(
            rejectionOf(
                m -> withContext(m, new WorkflowContext("wfr_1", "review", "code review", 1))))
        .isEqualTo(Rejection.Reason.WRONG_ATTEMPT);
  }

  @Test
  void only_replied_requests_sent_by_the_coordinator_to_an_eligible_peer_count() {
    assertThat(
            rejectionOf(m ->
                new CitedMessage(
                    m.id(),
                    m.project(),
                    "agt_eve",
                    "eve",
                    m.toAgentId(),
                    m.toName(),
                    m.status(),
                    m.request(),
                    m.reply(),
                    m.repliedAt(),
                    m.context())))
        .isEqualTo(Rejection.Reason.NOT_SENT_BY_COORDINATOR);
    assertThat(
            rejectionOf(m ->
                new CitedMessage(
                    m.id(),
                    m.project(),
                    m.fromAgentId(),
                    m.fromName(),
                    m.toAgentId(),
                    m.toName(),
                    MessageStatus.DELIVERED,
                    m.request(),
                    null,
                    null,
                    m.context())))
        .isEqualTo(Rejection.Reason.NOT_REPLIED);
    assertThat(
            rejectionOf(m ->
                new CitedMessage(
                    m.id(),
                    m.project(),
                    m.fromAgentId(),
                    m.fromName(),
                    "agt_lead",
                    "Lead",
                    m.status(),
                    m.request(),
                    m.reply(),
                    m.repliedAt(),
                    m.context())))
        .isEqualTo(Rejection.Reason.COORDINATOR_AS_PRODUCER);
    assertThat(
            rejectionOf(m ->
                new CitedMessage(
                    m.id(),
                    m.project(),
                    m.fromAgentId(),
                    m.fromName(),
                    "agt_carol",
                    "carol",
                    m.status(),
                    m.request(),
                    m.reply(),
                    m.repliedAt(),
                    m.context())))
        .isEqualTo(Rejection.Reason.PRODUCER_NOT_ELIGIBLE);
  }

  @Test
  void one_bad_citation_rejects_the_whole_requirement() {
    ProvenanceResult result =
        ProvenanceVerifier.verify(
            SCOPE,
            "code review",
            POLICY,
            List.of("msg_1", "msg_x"),
            Map.of("msg_1", reply("msg_1", "alice")));

    assertThat(result)
        .isInstanceOfSatisfying(
            ProvenanceResult.Rejected.class,
            r ->
                assertThat(r.rejections())
                    .containsExactly(new Rejection("msg_x", Rejection.Reason.NOT_FOUND)));
  }

  @Test
  void a_stored_message_is_read_with_its_stamped_context() {
    io.kxm.core.messaging.StoredMessage stored =
        new io.kxm.core.messaging.StoredMessage(
            "msg_1",
            "demo",
            "agt_lead",
            "agt_alice",
            "req",
            io.kxm.core.messaging.Delivery.FOLLOW_UP,
            MessageStatus.REPLIED,
            Instant.EPOCH,
            Instant.EPOCH.plusSeconds(60),
            null,
            Instant.EPOCH.plusSeconds(5),
            Instant.EPOCH.plusSeconds(5),
            "rep",
            "wfr_1",
            null,
            null,
            0,
            "{\"runId\":\"wfr_1\",\"stageId\":\"review\",\"requirementKey\":\"code review\",\"attempt\":2}");

    CitedMessage cited = CitedMessage.of(stored, "lead", "alice");

    assertThat(cited.context()).isEqualTo(new WorkflowContext("wfr_1", "review", "code review", 2));
    assertThat(cited.reply()).isEqualTo("rep");
  }
}
