package io.kxm.core.workflow.signature;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.util.function.UnaryOperator;

/**
 * The two secrets of one definition: the start secret signs webhooks that create runs, the signal
 * secret signs callbacks that release waits (and falls back to the start secret when the definition
 * names none of its own).
 */
public record WorkflowSecrets(SigningSecret start, SigningSecret signal) {

  /**
   * Reads both secrets from the environment.
   *
   * @param env looks up an environment variable, for example {@code System::getenv}
   * @throws KxmException {@code WORKFLOW_SECRET_MISSING} naming the variable that is unset or too
   *     short (never its value)
   */
  public static WorkflowSecrets resolve(WorkflowDefinition definition, UnaryOperator<String> env) {
    return new WorkflowSecrets(
        read(definition, definition.secretEnv(), env),
        read(definition, definition.signalSecretEnv(), env));
  }

  private static SigningSecret read(
      WorkflowDefinition definition, String variable, UnaryOperator<String> env) {
    String value = env.apply(variable);
    if (value == null || value.isEmpty()) {
      throw new KxmException(
          ErrorCode.WORKFLOW_SECRET_MISSING,
          "workflow " + definition.id() + " needs the environment variable " + variable);
    }
    try {
      return SigningSecret.of(value, variable);
    } catch (IllegalArgumentException e) {
      throw new KxmException(
          ErrorCode.WORKFLOW_SECRET_MISSING,
          "workflow " + definition.id() + ": " + e.getMessage(),
          "Put a random secret of at least 16 characters in " + variable + ", then restart.");
    }
  }
}
