package io.kxm.cli.session.watch;

import dev.failsafe.Execution;
import io.kxm.cli.CliContext;
import io.kxm.cli.runtime.BackgroundRuntime;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.cli.runtime.SupervisorOutage;
import io.kxm.cli.runtime.SupervisorStream;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.retry.Backoff;
import io.kxm.core.settings.EnvSettings;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import io.kxm.session.interaction.InteractionAnswer;
import io.kxm.supervisor.SupervisorConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Follows one session run's event stream until the run is over: prints each event once, in order,
 * answers or announces the questions the run puts to a person, and after a dropped connection
 * resumes with {@code Last-Event-ID} of the last event seen, so nothing is missed or repeated.
 */
public final class RunWatch {
  /** A harness line is at most 1 MiB; its JSON escaping can grow it several times. */
  static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  static final int MAX_EVENT_BYTES = 16 * 1024 * 1024;

  private static final Set<String> ASKS =
      Set.of("run.approval.required", "run.clarification.required", "run.elicitation.required");
  private static final Set<String> ENDINGS =
      Set.of("run.completed", "run.failed", "run.cancelled", "run.interrupted");
  private static final Set<String> ENDED =
      Set.of("completed", "failed", "cancelled", "interrupted");

  /** Continuations followed one after another at most, so a watch always ends. */
  private static final int MAX_CONTINUATIONS = 16;

  /**
   * How long one read of the run or one posted answer may take. A supervisor that is stopping can
   * take a call and never answer it; bounded, such a call counts as a failed try and the watch
   * resumes against the next supervisor, instead of waiting out the default half hour.
   */
  static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

  /** How a lost stream is retried, for as long as {@link SupervisorOutage#window} allows. */
  static final Backoff BACKOFF = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(4));

  private final CliContext context;
  private final String runId;
  private final boolean json;
  private final Backoff backoff;
  private final Duration idleLimit;
  private final EventLines lines;
  private final PrintWriter notes;
  private final InteractionDesk desk;
  private RunningSupervisor supervisor;
  private long lastSeq;
  private boolean sawEnding;

  /** The run an answer to this one's question continues in, once the stream named it. */
  private String continuation;

  RunWatch(
      CliContext context,
      String runId,
      long after,
      boolean json,
      Backoff backoff,
      Duration idleLimit,
      InteractionDesk.Asker asker) {
    this.context = context;
    this.runId = runId;
    this.lastSeq = after;
    this.json = json;
    this.backoff = backoff;
    this.idleLimit = idleLimit;
    this.lines = new EventLines(context.out());
    this.notes = json ? context.err() : context.out();
    this.desk =
        new InteractionDesk(
            asker, this::resolve, EnvSettings.of(context.env()).string("USER", "operator"), notes);
  }

  /**
   * Follows {@code runId} after event {@code after} (0: from its start) and returns the exit code:
   * 0 when the run completed, 1 when it failed, was cancelled or was interrupted.
   *
   * @param json print each event's envelope as one JSON line instead of text
   */
  public static int follow(CliContext context, String runId, long after, boolean json) {
    // JSON lines are read by programs: never stop to wait for a person's answer there.
    InteractionDesk.Asker asker = json ? null : InteractionDesk.terminal();
    String run = runId;
    long from = after;
    for (int hop = 0; ; hop++) {
      RunWatch watch = new RunWatch(context, run, from, json, BACKOFF, idleLimit(context), asker);
      int exit = watch.follow();
      if (watch.continuation == null || hop >= MAX_CONTINUATIONS) {
        return exit;
      }
      // An answer given after a restart carries on in a new run: the person watching wants its
      // outcome, not the interrupted run's.
      watch.notes.println("following run " + watch.continuation + ", which carries the answer on");
      watch.notes.flush();
      run = watch.continuation;
      from = 0;
    }
  }

  /**
   * A minute, or three keep-alive intervals when {@code KXM_STREAM_HEARTBEAT_MS} here says they are
   * longer, so that only a stream that missed several keep-alives counts as dead.
   *
   * @throws io.kxm.core.error.KxmException {@code config_invalid} when the value does not fit
   */
  static Duration idleLimit(CliContext context) {
    Duration limit = Duration.ofMinutes(1);
    Duration three = SupervisorConfig.streamHeartbeat(context.env()).multipliedBy(3);
    return three.compareTo(limit) > 0 ? three : limit;
  }

  int follow() {
    supervisor = BackgroundRuntime.ensure(context);
    Duration window = SupervisorOutage.window(context);
    Execution<Object> tries = backoff.tries(-1, RunWatch::retryable);
    int failures = 0;
    long lostSince = 0;
    while (true) {
      long before = lastSeq;
      // A connection that closed cleanly without the run ending counts as a failed try.
      Exception failure = null;
      try {
        readOnce();
        Optional<Integer> exit = ended(lastSeq > before);
        if (exit.isPresent()) {
          return exit.get();
        }
      } catch (IOException e) {
        failure = e;
      } catch (KxmException e) {
        if (!retryable(e)) {
          lines.endLine();
          throw e;
        }
        failure = e;
      }
      Duration pause;
      if (lastSeq > before) {
        // The stream moved on: the next row of failed tries starts over.
        tries = backoff.tries(-1, RunWatch::retryable);
        failures = 0;
        pause = backoff.first();
      } else {
        tries.recordException(
            failure == null ? new IOException("the event stream ended early") : failure);
        if (failures++ == 0) {
          lostSince = System.nanoTime();
        }
        pause = tries.getDelay();
      }
      if (failures > 0 && System.nanoTime() - lostSince > window.toNanos()) {
        lines.endLine();
        throw new KxmException(
            ErrorCode.RUNTIME_UNREACHABLE,
            "lost the event stream of run "
                + runId
                + " and could not resume it in "
                + failures
                + " tries over "
                + window.toSeconds()
                + " s ("
                + SupervisorOutage.WINDOW_VARIABLE
                + "); the last event seen is "
                + lastSeq,
            "Check 'kxm runtime status', then follow on with 'kxm runs watch "
                + runId
                + " --after "
                + lastSeq
                + "'.");
      }
      lines.endLine();
      context.err().println("reconnecting… (after event " + lastSeq + ")");
      context.err().flush();
      pause(pause);
      supervisor =
          RunningSupervisor.find(BackgroundRuntime.paths(context), context.env()).orElse(null);
    }
  }

  /** A dropped connection, a stream that ended early, or a supervisor that is away for now. */
  private static boolean retryable(Throwable failure) {
    return !(failure instanceof KxmException) || SupervisorOutage.passing(failure);
  }

  /**
   * After the stream ended cleanly: the exit code when the run is over with no question left, or
   * empty when the stream must be resumed. A run over whose last event this watch has not seen is
   * read once more, unless that read brought nothing (a cursor past its last event).
   */
  private Optional<Integer> ended(boolean progressed) {
    JsonNode detail = detail();
    if (!pending(detail).isEmpty()) {
      return Optional.empty();
    }
    String status = EventLines.text(detail.path("run"), "status");
    if (!ENDED.contains(status) || (!sawEnding && progressed)) {
      return Optional.empty();
    }
    return Optional.of(status.equals("completed") ? 0 : 1);
  }

  /** One connection, read to its end. */
  private void readOnce() throws IOException {
    if (supervisor == null) {
      throw new KxmException(ErrorCode.RUNTIME_UNREACHABLE, "no runtime supervisor runs");
    }
    String path = "/v1/runs/" + SupervisorClient.segment(runId) + "/events";
    try (InputStream in =
        new IdleGuard(SupervisorStream.open(supervisor, path, lastSeq), idleLimit)) {
      SseReader reader = new SseReader(in, MAX_LINE_BYTES, MAX_EVENT_BYTES).skipOversized();
      for (SseFrame frame = reader.next(); frame != null; frame = reader.next()) {
        accept(frame);
      }
    }
  }

  /** One frame: printed once, its seq remembered; a frame past the limits is named and skipped. */
  private void accept(SseFrame frame) {
    long seq = seqOf(frame);
    if (seq >= 0 && seq <= lastSeq) {
      return;
    }
    JsonNode envelope = frame.data() == null ? null : envelope(frame.data());
    if (envelope == null) {
      lines.endLine();
      context
          .err()
          .println(
              "event "
                  + frame.id()
                  + (frame.oversized() ? " is too large to show" : " is not an event envelope")
                  + "; skipped");
      lastSeq = Math.max(lastSeq, seq);
      return;
    }
    lastSeq = Math.max(lastSeq, envelope.path("seq").asLong(seq));
    String type = EventLines.text(envelope, "type");
    if (json) {
      context.out().println(Json.write(envelope));
      context.out().flush();
    } else {
      lines.print(envelope);
    }
    if (ASKS.contains(type)
        && stillPending(EventLines.text(envelope.path("data"), "interactionId"))) {
      desk.required(runId, envelope.path("data"));
    }
    sawEnding |= ENDINGS.contains(type);
    String next = EventLines.text(envelope.path("data"), "continuationRunId");
    if (type.equals("interaction.resolved") && !next.isEmpty()) {
      continuation = next;
    }
  }

  private static JsonNode envelope(String data) {
    try {
      JsonNode node = Json.read(data);
      return node.isObject() ? node : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static long seqOf(SseFrame frame) {
    try {
      return frame.id() == null ? -1 : Long.parseLong(frame.id().strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The run as the supervisor has it now: {@code {"run", "interactions"}}. */
  private JsonNode detail() {
    return client().get("/v1/runs/" + SupervisorClient.segment(runId));
  }

  /** The IDs of the interactions in {@code detail} still waiting for an answer. */
  private static Set<String> pending(JsonNode detail) {
    Set<String> pending = new HashSet<>();
    for (JsonNode interaction : detail.path("interactions")) {
      if (EventLines.text(interaction, "status").equals("pending")) {
        pending.add(EventLines.text(interaction, "id"));
      }
    }
    return pending;
  }

  /**
   * Whether a question seen in the stream still waits: a replayed one may have its answer. When the
   * supervisor cannot say, the question is handled as open, since this event will not come again.
   */
  private boolean stillPending(String interactionId) {
    try {
      return pending(detail()).contains(interactionId);
    } catch (KxmException e) {
      return true;
    }
  }

  private void resolve(String run, String interactionId, InteractionAnswer answer) {
    client()
        .post(
            "/v1/runs/"
                + SupervisorClient.segment(run)
                + "/interactions/"
                + SupervisorClient.segment(interactionId)
                + "/resolve",
            answer.body());
  }

  private SupervisorClient client() {
    if (supervisor == null) {
      throw new KxmException(ErrorCode.RUNTIME_UNREACHABLE, "no runtime supervisor runs");
    }
    return new SupervisorClient(supervisor).withTimeout(CALL_TIMEOUT);
  }

  private void pause(Duration pause) {
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(
          ErrorCode.RUNTIME_UNREACHABLE,
          "interrupted while waiting to resume run " + runId + " after event " + lastSeq);
    }
  }
}
