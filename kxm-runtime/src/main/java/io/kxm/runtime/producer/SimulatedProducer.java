package io.kxm.runtime.producer;

import io.kxm.core.secret.Tokens;
import io.kxm.runtime.api.AgentProducer;
import java.util.function.BooleanSupplier;

/**
 * Answers agent steps without a model, for {@code kxm runs drive --simulated}: the answer is a pure
 * function of the request, naming the agent, step and attempt and carrying a hash of the prompt, so
 * a simulated run replays to the same events and shows which prompt each step saw without repeating
 * it. Gate steps are not its business; they still run their commands.
 */
public final class SimulatedProducer implements AgentProducer {
  // a prefix of the prompt's SHA-256 tells prompts apart in the answer without repeating them
  private static final int PROMPT_HASH_CHARS = 16;

  @Override
  public ProducerResult produce(ProducerRequest request, BooleanSupplier cancelled) {
    if (cancelled.getAsBoolean()) {
      return new ProducerResult.Cancelled();
    }
    String prompt = request.prompt() == null ? "" : request.prompt();
    String promptHash = Tokens.sha256Hex(prompt).substring(0, PROMPT_HASH_CHARS);
    return new ProducerResult.Answered(
        "Simulated answer from agent "
            + request.agentId()
            + " for step "
            + request.stepId()
            + ", attempt "
            + request.attempt()
            + " of run "
            + request.runId()
            + "; prompt sha256:"
            + promptHash
            + " ("
            + prompt.length()
            + " chars). No model was called.");
  }
}
