package io.kxm.cli.gate;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.definition.DefinitionLoader;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinitions;
import io.kxm.core.workflow.signature.SigningSecret;
import java.nio.file.Path;
import java.util.Map;

/**
 * Finds the signal secret the way the hub does: from the variable the workflow's definition names
 * (its {@code signalSecretEnv}, else its {@code secretEnv}), or from the variable given explicitly.
 * The secret is read from this process's environment and never printed.
 */
final class SignalSecret {
  private SignalSecret() {}

  static SigningSecret resolve(
      Map<String, String> env, Path definitionsDir, String workflowId, String secretEnv) {
    String variable =
        secretEnv != null ? secretEnv : definition(definitionsDir, workflowId).signalSecretEnv();
    String value = env.get(variable);
    if (value == null || value.isEmpty()) {
      throw new KxmException(
          ErrorCode.WORKFLOW_SECRET_MISSING, "the environment variable " + variable + " is unset");
    }
    try {
      return SigningSecret.of(value, variable);
    } catch (IllegalArgumentException e) {
      throw new KxmException(ErrorCode.WORKFLOW_SECRET_MISSING, e.getMessage());
    }
  }

  private static WorkflowDefinition definition(Path definitionsDir, String workflowId) {
    if (workflowId == null) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "name the workflow with --workflow, or the variable with --secret-env");
    }
    return DefinitionLoader.load(definitionsDir)
        .find(workflowId)
        .map(WorkflowDefinitions.Loaded::definition)
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.WORKFLOW_NOT_FOUND,
                "no workflow '" + workflowId + "' in " + definitionsDir));
  }
}
