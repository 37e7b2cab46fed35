package io.kxm.session.harness;

import io.kxm.core.secret.Redactor;
import io.kxm.runtime.gate.ProcessTree;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnOutcome;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * One running harness process, whatever its {@link TurnProtocol}. Four threads serve it: one reads
 * stdout and hands outputs to the listener in order, one drains stderr into a short tail, one
 * writes the opening and answers to stdin (so neither a slow child nor a full pipe blocks a
 * caller), and one watches the process, ends its tree when cancelled, and settles the outcome once
 * stdout is read to its end.
 */
public final class ProcessTurn implements HarnessTurn {
  static final Duration POLL = Duration.ofMillis(50);
  static final Duration GRACE = Duration.ofSeconds(2);

  /** How long stdout may stay open after the process and its leftovers are gone. */
  static final Duration READER_GRACE = Duration.ofSeconds(5);

  static final int STDERR_TAIL_BYTES = 4096;
  private static final byte[] END_OF_INPUT = new byte[0];

  private final Process process;
  private final Instant processStart;
  private final Consumer<HarnessOutput> listener;
  private final TurnOutcomes outcomes = new TurnOutcomes();
  private final StderrTail stderr = new StderrTail(STDERR_TAIL_BYTES);
  private final BlockingQueue<byte[]> stdinLines = new LinkedBlockingQueue<>();
  private final CompletableFuture<TurnOutcome> outcome = new CompletableFuture<>();
  private final CountDownLatch stdoutRead = new CountDownLatch(1);
  private final CountDownLatch stderrRead = new CountDownLatch(1);
  private final AtomicInteger undelivered = new AtomicInteger();
  private boolean inputEnded; // guarded by stdinLines
  private volatile boolean cancelRequested;
  private volatile boolean settled;
  private volatile RuntimeException listenerFailure;

  private final TurnProtocol protocol;

  private ProcessTurn(
      Process process, Consumer<HarnessOutput> listener, Clock clock, TurnProtocol protocol) {
    this.process = process;
    this.listener = listener;
    this.protocol = protocol;
    this.processStart = process.info().startInstant().orElse(clock.instant());
  }

  /** Serves a started {@code command} harness process speaking KXM's JSON-lines protocol. */
  static ProcessTurn begin(
      Process process, TurnInput input, Consumer<HarnessOutput> listener, Clock clock) {
    return begin(process, input, listener, clock, new KxmLineProtocol());
  }

  /**
   * Serves a started harness process: writes {@code protocol}'s opening to its stdin and reads its
   * stdout through {@code protocol} until it ends.
   */
  public static ProcessTurn begin(
      Process process,
      TurnInput input,
      Consumer<HarnessOutput> listener,
      Clock clock,
      TurnProtocol protocol) {
    ProcessTurn turn = new ProcessTurn(process, listener, clock, protocol);
    String name = "harness-" + input.runId() + "-" + process.pid();
    byte[] opening = protocol.opening(input);
    if (opening.length > 0) {
      turn.stdinLines.add(opening);
    }
    if (!protocol.takesAnswers()) {
      turn.endInput();
    }
    Thread.ofVirtual().name(name + "-stdin").start(turn::writeStdin);
    Thread.ofVirtual()
        .name(name + "-stderr")
        .start(() -> {
          try {
            turn.stderr.drain(process.getErrorStream());
          } finally {
            turn.stderrRead.countDown();
          }
        });
    Thread.ofVirtual().name(name + "-stdout").start(turn::readStdout);
    Thread.ofVirtual().name(name + "-watch").start(turn::watch);
    return turn;
  }

  @Override
  public long pid() {
    return process.pid();
  }

  @Override
  public Instant processStart() {
    return processStart;
  }

  @Override
  public void answer(String interactionId, String kind, JsonNode answer) {
    Objects.requireNonNull(interactionId, "interactionId");
    Objects.requireNonNull(kind, "kind");
    byte[] line = TurnLines.answer(interactionId, kind, answer);
    synchronized (stdinLines) {
      if (inputEnded) {
        undelivered.incrementAndGet();
        return;
      }
      stdinLines.add(line);
    }
  }

  @Override
  public TurnOutcome await(Duration timeout) throws InterruptedException {
    try {
      return outcome.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      return null;
    } catch (ExecutionException e) {
      throw new IllegalStateException("watching harness process " + process.pid() + " failed", e);
    }
  }

  @Override
  public void cancel() {
    cancelRequested = true;
  }

  /** Cancels a turn that still runs; it does not wait for the tree to be gone. */
  @Override
  public void close() {
    if (!outcome.isDone()) {
      cancel();
    }
  }

  @Override
  public String diagnosis() {
    StringBuilder said = new StringBuilder();
    String error = reportedError();
    if (error != null) {
      said.append("error: ").append(error);
    }
    String tail = stderrTail().strip();
    if (!tail.isEmpty()) {
      said.append(said.isEmpty() ? "" : "\n").append("stderr: ").append(Redactor.redact(tail));
    }
    return said.toString();
  }

  /** The last {@value #STDERR_TAIL_BYTES} bytes the harness wrote to stderr, for diagnosis. */
  public String stderrTail() {
    return stderr.text();
  }

  /** The message of the harness's first {@code error} line; null when it wrote none. */
  public String reportedError() {
    synchronized (outcomes) {
      return outcomes.reportedError();
    }
  }

  /** Lines for stdin (the turn line, answers) that never reached the harness. */
  int undeliveredLines() {
    return undelivered.get();
  }

  /** The first exception the listener threw; the turn went on reading after it. */
  RuntimeException listenerFailure() {
    return listenerFailure;
  }

  private void readStdout() {
    BoundedLineReader reader =
        new BoundedLineReader(process.getInputStream(), HarnessLines.MAX_LINE_BYTES);
    try (var in = process.getInputStream()) {
      BoundedLineReader.Line line;
      while ((line = reader.next()) != null) {
        if (!line.overlong() && blank(line.bytes())) {
          continue;
        }
        if (line.overlong()) {
          handle(HarnessLines.overlong(line.length(), line.bytes()));
        } else {
          translate(line.bytes());
        }
      }
      protocol.finish().forEach(this::handle);
    } catch (IOException e) {
      // the pipe broke as the process died; the outcome comes from its exit
    } finally {
      stdoutRead.countDown();
    }
  }

  private void translate(byte[] line) {
    List<HarnessLine> lines;
    try {
      lines = protocol.read(line);
    } catch (RuntimeException e) {
      // a protocol that trips over a line must not stop the draining of stdout
      lines =
          List.of(
              new HarnessLine.Output(
                  new HarnessOutput.ProtocolError(
                      "line could not be read: " + e.getClass().getSimpleName(),
                      HarnessLines.excerpt(new String(line, StandardCharsets.UTF_8)))));
    }
    lines.forEach(this::handle);
  }

  private void handle(HarnessLine line) {
    HarnessOutput output;
    synchronized (outcomes) {
      if (settled) {
        return;
      }
      switch (line) {
        case HarnessLine.ReportedError error -> {
          outcomes.observeError(error.message());
          return;
        }
        case HarnessLine.Output out -> {
          outcomes.observe(out.output());
          output = out.output();
        }
      }
    }
    try {
      listener.accept(output);
    } catch (RuntimeException e) {
      // a failing listener must not stop the draining of stdout, or the child would block
      if (listenerFailure == null) {
        listenerFailure = e;
      }
    }
  }

  private void writeStdin() {
    OutputStream stdin = process.getOutputStream();
    boolean broken = false;
    try {
      while (true) {
        byte[] line = stdinLines.take();
        if (line == END_OF_INPUT) {
          break;
        }
        if (broken) {
          undelivered.incrementAndGet();
          continue;
        }
        try {
          stdin.write(line);
          stdin.flush();
        } catch (IOException e) {
          // the harness closed its stdin or exited; later answers are counted, not written
          broken = true;
          undelivered.incrementAndGet();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try {
        stdin.close();
      } catch (IOException e) {
        // already closed by the exiting child
      }
    }
  }

  private void watch() {
    ProcessTree tree = new ProcessTree(process);
    boolean killed = false;
    try {
      tree.remember();
      while (!process.waitFor(POLL.toMillis(), TimeUnit.MILLISECONDS)) {
        tree.remember();
        if (cancelRequested) {
          killed = true;
          tree.kill(GRACE);
          break;
        }
      }
      // Anything the harness left running could hold stdout open and outlive the turn.
      tree.killLeftovers(GRACE);
      stdoutRead.await(READER_GRACE.toMillis(), TimeUnit.MILLISECONDS);
      // The outcome's diagnosis quotes the stderr tail, so its last bytes must be in first.
      stderrRead.await(READER_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      killed = true;
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      endInput();
      settle(killed);
    }
  }

  /** Lets the writer finish what is queued; an answer that comes later is counted undelivered. */
  private void endInput() {
    synchronized (stdinLines) {
      if (inputEnded) {
        return;
      }
      inputEnded = true;
      stdinLines.add(END_OF_INPUT);
    }
  }

  private void settle(boolean killed) {
    synchronized (outcomes) {
      settled = true;
      int exit = killed || process.isAlive() ? TurnOutcomes.KILLED : process.exitValue();
      outcome.complete(outcomes.outcome(exit, killed));
    }
  }

  private static boolean blank(byte[] line) {
    for (byte b : line) {
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }
}
