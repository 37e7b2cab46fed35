package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.Run;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * One finished session run with a large backlog of stored events, built once per suite run on the
 * shared supervisor: the session replay scenario reads it over HTTP, its baseline straight from the
 * session store.
 *
 * @param events how many events the run stored, as its hash-chain verification counts them
 */
public record SessionBacklog(SupervisorProcess supervisor, String runId, long events)
    implements AutoCloseable {
  static final int DELTAS = 100_000;
  static final int QUICK_DELTAS = 2_000;

  /** The backlog of this run's size, built by the first caller. */
  public static SessionBacklog shared(Run run) throws Exception {
    return shared(run, QUICK_DELTAS, DELTAS);
  }

  /** Other sizes only in tests; the first caller's size wins. */
  static SessionBacklog shared(Run run, int quickDeltas, int fullDeltas) throws Exception {
    return run.shared(
        "session-backlog",
        SessionBacklog.class,
        r -> build(SupervisorProcess.shared(r), r, r.size(quickDeltas, fullDeltas)));
  }

  /** The same backlog on the supervisor whose stores are on PostgreSQL. */
  public static SessionBacklog sharedOnPostgres(Run run) throws Exception {
    return sharedOnPostgres(run, QUICK_DELTAS, DELTAS);
  }

  static SessionBacklog sharedOnPostgres(Run run, int quickDeltas, int fullDeltas)
      throws Exception {
    return run.shared(
        "session-backlog-postgres",
        SessionBacklog.class,
        r -> build(SupervisorProcess.sharedOnPostgres(r), r, r.size(quickDeltas, fullDeltas)));
  }

  /** A session turn that streams {@code deltas} deltas as fast as it can, run to its end. */
  static SessionBacklog build(SupervisorProcess supervisor, Run run, int deltas) throws Exception {
    SessionCalls.requireSessions(supervisor);
    String session = SessionCalls.createSession(supervisor, run.newDir("session-backlog-"));
    long t0 = System.nanoTime();
    String runId = SessionCalls.submit(supervisor, session, "fill " + deltas);
    JsonNode ended = SessionCalls.awaitEnded(supervisor, runId, Duration.ofMinutes(15));
    if (!"completed".equals(ended.path("status").asString())) {
      throw new IllegalStateException("the backlog run ended " + ended);
    }
    JsonNode verified = SessionCalls.verify(supervisor, runId);
    if (!verified.path("ok").asBoolean(false)) {
      throw new IllegalStateException("the backlog run's hash chain does not verify: " + verified);
    }
    long events = verified.path("events").asLong();
    if (events < deltas) {
      throw new IllegalStateException(
          "the backlog run stored " + events + " events for " + deltas + " deltas");
    }
    Log.info(
        String.format(
            Locale.ROOT,
            "session backlog: %,d events stored in %.1f s",
            events,
            (System.nanoTime() - t0) / 1e9));
    return new SessionBacklog(supervisor, runId, events);
  }

  public Path sessionsDb() {
    return supervisor.sessionsDb();
  }

  /** The supervisor is shared and stopped on its own; the backlog holds nothing else. */
  @Override
  public void close() {}
}
