package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.product.SessionCalls;
import io.kxm.bench.product.SupervisorProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Fault 14: the runtime supervisor keeps its stores on a private PostgreSQL, which is stopped at
 * once (as by a crash) while a session turn streams events to a client, and started again a few
 * seconds later. Every event the client was sent must be in the store once, in order; the run must
 * reach an end state without a restart of the supervisor, its hash chain must verify, and the
 * client must end up with exactly the events the store holds, ending with the run's end event.
 */
final class RuntimePostgresRestartFault implements Fault {
  private static final int DELTAS = 3_000;
  private static final int GAP_MS = 4; // about 12 s of deltas: the outage falls inside the turn
  private static final long SEEN_BEFORE_STOP = 200;
  private static final Duration DOWN = Duration.ofSeconds(6);
  private static final String SCHEMA = "kxm_rt";

  @Override
  public int number() {
    return 14;
  }

  @Override
  public String title() {
    return "PostgreSQL restarted during a streaming session turn, runtime on PostgreSQL";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    PrivatePostgres pg = stage.keep(PrivatePostgres.start());
    SupervisorProcess supervisor =
        stage.keep(
            SupervisorProcess.start(
                stage.newDir("supervisor-"),
                "supervisor",
                Map.of(
                    "KXM_RUNTIME_DATABASE_URL", pg.url(), "KXM_RUNTIME_DATABASE_SCHEMA", SCHEMA)));
    try {
      SessionCalls.requireSessions(supervisor);
    } catch (Measure.Skip noSessions) {
      throw new NotRunnable(noSessions.getMessage());
    }
    String session = SessionCalls.createSession(supervisor, stage.newDir("session-"));
    String runId = SessionCalls.submit(supervisor, session, "paced " + DELTAS + " " + GAP_MS);
    SessionCalls.approve(supervisor, runId, SessionCalls.awaitApprovalAsked(supervisor, runId));
    RunFollower follower = stage.keep(new RunFollower(() -> supervisor, runId, 0));
    if (!follower.awaitEvents(SEEN_BEFORE_STOP, Duration.ofSeconds(60))) {
      throw new IllegalStateException(
          "the client saw only " + follower.events() + " events of the run within 60 s");
    }
    pg.stopImmediately();
    long seenAtStop = follower.events();
    Thread.sleep(DOWN.toMillis()); // the outage
    long seenWhileDown = follower.events() - seenAtStop;
    pg.startAgain();
    Log.info(
        "PostgreSQL was down "
            + DOWN.toSeconds()
            + " s; the client saw "
            + count(seenAtStop)
            + " events before, "
            + count(seenWhileDown)
            + " while it was down");

    JsonNode run = awaitEnded(supervisor, runId);
    boolean ended = follower.awaitEnd(Duration.ofSeconds(60));
    JsonNode verified = SessionCalls.verify(supervisor, runId);
    follower.close();
    List<Long> stored = pg.sessionRunSeqs(SCHEMA, runId);
    List<Long> seen = follower.seqs();

    findings.check(
        run != null,
        "the run after the outage: "
            + (run == null ? "still not ended 90 s later" : run.path("status").asString())
            + (run == null ? "" : ", error " + run.path("error").asString("none")));
    RunChecks.chain(findings, "", verified, stored);
    findings.check(
        stored.containsAll(seen.subList(0, (int) Math.min(seenAtStop, seen.size()))),
        "every event sent before the outage is in the store after it");
    RunChecks.client(findings, "client", follower, ended, stored);
  }

  /** The run once it ended, polled over the supervisor's API; null when it did not within 90 s. */
  private static JsonNode awaitEnded(SupervisorProcess supervisor, String runId) {
    try {
      return SessionCalls.awaitEnded(supervisor, runId, Duration.ofSeconds(90));
    } catch (Exception e) {
      Log.warn("the run did not end: " + e.getMessage());
      return null;
    }
  }
}
