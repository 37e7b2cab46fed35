package io.kxm.core.workflow.run;

import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.definition.PromptTemplate;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import tools.jackson.databind.JsonNode;

/**
 * The requests the hub sends a coordinator: the first one renders the definition's template and
 * adds the stage plan and the rules of the tools; a fresh one after a signal carries the
 * instruction of what is left.
 */
public final class CoordinatorPrompts {
  private CoordinatorPrompts() {}

  /** The first prompt of a new run, rendered from the template and the webhook payload. */
  public static PromptTemplate.RenderedPrompt initial(
      WorkflowDefinition definition, String runId, JsonNode payload) {
    PromptTemplate.RenderedPrompt rendered =
        PromptTemplate.render(
            definition.promptTemplate(),
            new PromptTemplate.Context(runId, definition.id(), definition.project(), payload));
    StringBuilder text = new StringBuilder(rendered.text()).append("\n\n");
    text.append("Workflow ")
        .append(definition.id())
        .append(", run ")
        .append(runId)
        .append(". Work through the stages in order and record each with")
        .append(" kxm_workflow_checkpoint; use kxm_workflow_wait for long external work.")
        .append(" Do not reply to this request before the run completes or waits.\n");
    for (StageDefinition stage : definition.stages()) {
      text.append("- ").append(stage.id()).append(": ").append(stage.instructions());
      if (!stage.requiredEvidence().isEmpty()) {
        text.append(" [evidence: ").append(String.join(", ", stage.requiredEvidence())).append(']');
      }
      text.append('\n');
    }
    return new PromptTemplate.RenderedPrompt(cap(text.toString()), rendered.missingFields());
  }

  /** A fresh request after a signal or ruling left work to do. */
  public static String resumed(WorkflowRun run, Instruction instruction) {
    return cap(
        "Run "
            + run.id()
            + " of workflow "
            + run.workflowId()
            + " needs you again. "
            + instruction.text()
            + " Read it with kxm_workflow_get.");
  }

  private static String cap(String text) {
    return text.length() <= WorkflowLimits.PROMPT_MAX
        ? text
        : text.substring(0, WorkflowLimits.PROMPT_MAX);
  }
}
