package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.workflow.WorkflowRefusal;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The checks on a request that carries a workflowContext, before the hub stores it. */
class EvidenceRequestsTest {
  private final RunDriver d =
      new RunDriver(
          workflow(
              stage("review").evidence("tests", "review").peers("review", 1, false, "alice"),
              stage("ship")));

  private Optional<ErrorCode> check(String caller, WorkflowContext context, String target) {
    return EvidenceRequests.check(d.definition, d.run, caller, context, target)
        .map(WorkflowRefusal::code);
  }

  private WorkflowContext context(String stage, String key, int attempt) {
    return new WorkflowContext(d.run.id(), stage, key, attempt);
  }

  @Test
  void the_coordinator_may_ask_an_eligible_producer_for_the_current_attempt() {
    assertThat(check("lead", context("review", " Review ", 1), "ALICE")).isEmpty();
  }

  @Test
  void each_wrong_request_has_its_own_code() {
    assertThat(check("bob", context("review", "review", 1), "alice"))
        .contains(ErrorCode.WORKFLOW_CONTEXT_FORBIDDEN);
    assertThat(check("lead", context("ship", "review", 1), "alice"))
        .contains(ErrorCode.WORKFLOW_CONTEXT_INACTIVE);
    assertThat(check("lead", context("review", "review", 2), "alice"))
        .contains(ErrorCode.WORKFLOW_CONTEXT_ATTEMPT_MISMATCH);
    assertThat(check("lead", context("review", "tests", 1), "alice"))
        .contains(ErrorCode.WORKFLOW_EVIDENCE_POLICY_MISSING);
    assertThat(check("lead", context("review", "review", 1), "bob"))
        .contains(ErrorCode.WORKFLOW_EVIDENCE_PRODUCER_FORBIDDEN);
    assertThat(check("lead", context("review", "review", 1), "lead"))
        .contains(ErrorCode.WORKFLOW_EVIDENCE_PRODUCER_FORBIDDEN);
  }

  @Test
  void a_finished_run_takes_no_more_evidence_requests() {
    d.apply(CoordinatorEvents.replied(d.run, "msg_prompt_1", d.now));

    assertThat(check("lead", context("review", "review", 1), "alice"))
        .contains(ErrorCode.WORKFLOW_CONTEXT_INACTIVE);
  }
}
