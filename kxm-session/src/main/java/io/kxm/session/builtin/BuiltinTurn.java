package io.kxm.session.builtin;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnOutcome;
import io.kxm.session.harness.TurnOutcomes;
import io.kxm.session.provider.ModelListener;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * A built-in agent turn, run on a virtual thread of the supervisor. There is no child process for
 * the loop itself: {@link #pid()} is the supervisor's own and {@link #processStart()} the epoch,
 * which no live process has, so a restarted supervisor's reconciliation never matches it and never
 * signals a supervisor. Commands the agent runs are child processes of their own, ended with the
 * turn.
 */
final class BuiltinTurn implements HarnessTurn {
  private static final Logger LOG = LoggerFactory.getLogger(BuiltinTurn.class);

  /** The start time recorded for a turn that has no process of its own. */
  static final Instant NO_PROCESS_START = Instant.EPOCH;

  private final String runId;
  private final Consumer<HarnessOutput> listener;
  private final TurnOutcomes outcomes = new TurnOutcomes();
  private final Approvals approvals;
  private final CompletableFuture<TurnOutcome> outcome = new CompletableFuture<>();
  private final AtomicReference<Closeable> openBody = new AtomicReference<>();
  private volatile boolean cancelled;
  private volatile String diagnosis = "";
  private Thread thread;

  private BuiltinTurn(String runId, Consumer<HarnessOutput> listener) {
    this.runId = runId;
    this.listener = listener;
    this.approvals = new Approvals(this::emit);
  }

  /**
   * Starts the loop {@code loops} builds on a virtual thread.
   *
   * @param loops builds the turn's loop from the turn's output sink, its approvals and the listener
   *     of its model calls
   */
  static BuiltinTurn begin(String runId, Consumer<HarnessOutput> listener, LoopFactory loops) {
    BuiltinTurn turn = new BuiltinTurn(runId, listener);
    ModelListener model =
        new ModelListener() {
          @Override
          public void text(String delta) {
            turn.emit(new HarnessOutput.Delta(delta));
          }

          @Override
          public void opened(Closeable body) {
            turn.openBody.set(body);
            if (turn.cancelled) {
              turn.closeBody();
            }
          }
        };
    synchronized (turn) {
      turn.thread =
          Thread.ofVirtual()
              .name("kxm-builtin-" + runId)
              .start(() -> turn.play(() -> loops.loop(turn::emit, turn.approvals, model)));
    }
    return turn;
  }

  /** Builds the loop of one turn. */
  interface LoopFactory {
    AgentLoop loop(Consumer<HarnessOutput> out, Approvals approvals, ModelListener model);
  }

  private void play(Supplier<AgentLoop> loops) {
    try {
      String failure = loops.get().run();
      if (failure != null) {
        outcomes.observeError(failure);
        diagnosis = "error: " + failure;
      }
      settle(outcomes.outcome(failure == null ? 0 : 1, cancelled));
    } catch (InterruptedException e) {
      settle(outcomes.outcome(TurnOutcomes.KILLED, true));
    } catch (KxmException e) {
      if (cancelled) {
        settle(outcomes.outcome(TurnOutcomes.KILLED, true));
        return;
      }
      diagnosis = e.code().code() + ": " + Redactor.redact(e.getMessage());
      LOG.info("built-in turn {} failed: {}", runId, diagnosis);
      settle(new TurnOutcome(TurnOutcome.ERROR, 1, null, e.code().code()));
    } catch (RuntimeException e) {
      LOG.warn("built-in turn {} broke", runId, e);
      diagnosis = "internal: " + Redactor.redact(String.valueOf(e.getMessage()));
      settle(new TurnOutcome(TurnOutcome.ERROR, 1, null, ErrorCode.INTERNAL.code()));
    }
  }

  private void settle(TurnOutcome result) {
    closeBody();
    outcome.complete(result);
  }

  private void emit(HarnessOutput output) {
    outcomes.observe(output);
    listener.accept(output);
  }

  @Override
  public long pid() {
    return ProcessHandle.current().pid();
  }

  @Override
  public Instant processStart() {
    return NO_PROCESS_START;
  }

  @Override
  public void answer(String interactionId, String kind, JsonNode answer) {
    approvals.answer(kind, answer);
  }

  @Override
  public TurnOutcome await(Duration timeout) throws InterruptedException {
    try {
      return outcome.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      return null;
    } catch (ExecutionException e) {
      throw new IllegalStateException("built-in turn " + runId + " broke", e.getCause());
    }
  }

  @Override
  public String diagnosis() {
    return diagnosis;
  }

  /** Stops the loop: a model stream is closed, a wait for approval ends, a command is ended. */
  @Override
  public void cancel() {
    cancelled = true;
    closeBody();
    Thread running;
    synchronized (this) {
      running = thread;
    }
    if (running != null && !outcome.isDone()) {
      running.interrupt();
    }
  }

  @Override
  public void close() {
    if (!outcome.isDone()) {
      cancel();
    }
  }

  private void closeBody() {
    Closeable body = openBody.getAndSet(null);
    if (body != null) {
      try {
        body.close();
      } catch (IOException e) {
        // the stream is being abandoned either way
      }
    }
  }
}
