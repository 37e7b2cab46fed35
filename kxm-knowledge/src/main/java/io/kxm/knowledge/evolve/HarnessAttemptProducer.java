package io.kxm.knowledge.evolve;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import io.kxm.knowledge.DistillationProducer;
import io.kxm.knowledge.DistillationRequest;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Makes each attempt one turn of a real harness (the session runtime's {@link Harness}): the seed's
 * prompt goes in, the turn's final message is the answer. The harness's normalized outcome becomes
 * the attempt's status, so an empty success stays a {@code silent_failure} and is never scored. No
 * person watches an evolution, so a turn that asks for one is cancelled as an error. Also speaks
 * for agents in forum rounds, with the same harness.
 */
public final class HarnessAttemptProducer
    implements AttemptProducer, ForumVoice, DistillationProducer {
  private final Harness harness;
  private final Path workspace;
  private final String model;
  private final Duration timeout;

  /**
   * @param workspace the folder each turn runs in
   * @param model passed to the harness; null for its default
   * @param timeout how long one turn may run before it is cancelled
   */
  public HarnessAttemptProducer(Harness harness, Path workspace, String model, Duration timeout) {
    this.harness = harness;
    this.workspace = workspace.toAbsolutePath().normalize();
    this.model = model;
    this.timeout = timeout;
  }

  @Override
  public AttemptOutcome attempt(SeedPackage seed, String prompt) {
    try {
      return turn(seed.key().key(), prompt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new AttemptOutcome(AttemptOutcome.ERROR, null, "interrupted while the turn ran");
    }
  }

  @Override
  public String speak(ForumContext c) throws InterruptedException {
    StringBuilder prompt =
        new StringBuilder("You take part in round ")
            .append(c.round())
            .append(" of the forum room '")
            .append(c.room().id())
            .append("' after generation ")
            .append(c.generation())
            .append(". Reply with one short post: what worked, what failed, and the lesson another")
            .append(
                " agent should carry to its next attempt. Reply with nothing to stay silent.\n");
    prompt.append("\nYour attempts this generation:\n");
    c.ownAttempts()
        .forEach(a ->
            prompt
                .append("- ")
                .append(a.key().taskId())
                .append(": ")
                .append(a.detail())
                .append('\n'));
    prompt.append("\nKnowledge of this room's task:\n");
    c.knowledge().forEach(e -> prompt.append("- ").append(e.content().strip()).append('\n'));
    prompt.append("\nPosts so far:\n");
    c.threads()
        .forEach(t ->
            prompt
                .append("- ")
                .append(t.post().author())
                .append(": ")
                .append(t.post().content().strip())
                .append('\n'));
    AttemptOutcome said =
        turn(
            "forum/g" + c.generation() + "/" + c.room().id() + "/" + c.round() + "/" + c.agent(),
            prompt.toString());
    return said.scored() ? said.answer() : null;
  }

  @Override
  public String distill(DistillationRequest request) throws InterruptedException {
    AttemptOutcome said =
        turn(
            "distill/g"
                + request.generation()
                + "/"
                + request.scope()
                + "/"
                + request.targetTaskId(),
            request.prompt());
    if (!said.scored() || said.answer().isBlank()) {
      // the distiller records the failure for this bundle only and goes on with the others
      throw new KxmException(
          ErrorCode.EVOLVE_TURN_FAILED,
          "distilling turn ended " + said.status() + ": " + said.detail());
    }
    return said.answer();
  }

  @Override
  public String name() {
    return "harness-distiller";
  }

  private AttemptOutcome turn(String key, String prompt) throws InterruptedException {
    String id = "evolve-" + key.replaceAll("[^A-Za-z0-9_.-]", "_");
    TurnInput input =
        new TurnInput(id, id, workspace.toString(), model, prompt, List.of(), List.of());
    AtomicReference<HarnessTurn> running = new AtomicReference<>();
    AtomicBoolean askedForPerson = new AtomicBoolean();
    HarnessTurn turn;
    try {
      turn =
          harness.start(
              input,
              output -> {
                if (output instanceof HarnessOutput.InteractionRequest) {
                  askedForPerson.set(true);
                  HarnessTurn t = running.get();
                  if (t != null) {
                    t.cancel();
                  }
                }
              });
    } catch (KxmException e) {
      return new AttemptOutcome(
          AttemptOutcome.ERROR, null, e.code().code() + ": " + Redactor.redact(e.getMessage()));
    }
    try (turn) {
      running.set(turn);
      if (askedForPerson.get()) {
        turn.cancel();
      }
      TurnOutcome outcome = turn.await(timeout);
      if (outcome == null) {
        turn.cancel();
        return new AttemptOutcome(
            AttemptOutcome.ERROR, null, "turn ran past " + timeout.toSeconds() + " s; cancelled");
      }
      if (askedForPerson.get()) {
        return new AttemptOutcome(
            AttemptOutcome.ERROR, null, "the agent asked for a person; evolve runs unattended");
      }
      return switch (outcome.outcome()) {
        case TurnOutcome.SUCCESS ->
            new AttemptOutcome(
                AttemptOutcome.SUCCESS, outcome.finalMessage(), "harness turn ended");
        case TurnOutcome.RECOVERED ->
            new AttemptOutcome(
                AttemptOutcome.RECOVERED,
                outcome.finalMessage(),
                "answer recovered from the stream");
        case TurnOutcome.SILENT_FAILURE ->
            new AttemptOutcome(
                AttemptOutcome.SILENT_FAILURE, null, "the harness ended without any output");
        default ->
            new AttemptOutcome(
                AttemptOutcome.ERROR,
                null,
                (outcome.error() == null ? "error" : outcome.error())
                    + (turn.diagnosis().isEmpty() ? "" : ": " + turn.diagnosis()));
      };
    }
  }
}
