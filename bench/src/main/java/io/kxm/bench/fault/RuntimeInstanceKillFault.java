package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.product.SessionCalls;
import io.kxm.bench.product.SupervisorProcess;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Fault 15: two runtime supervisors, A and B, share a private PostgreSQL and a private Redis. A
 * session turn streams on A while a client follows it on B, and B runs a turn of its own; A is
 * killed with -9. B must end A's run {@code interrupted} ({@code server_restart}) only after A's
 * lease lapsed, the client on B must end up with exactly the events the store holds, once each and
 * in order, the run's chain must verify, and B's own turn must complete untouched.
 */
final class RuntimeInstanceKillFault implements Fault {
  private static final int DELTAS_ON_A = 3_000;
  private static final int GAP_MS_ON_A = 4; // about 12 s of deltas: the kill falls inside the turn
  private static final int DELTAS_ON_B = 4_000;
  private static final int GAP_MS_ON_B = 6; // about 24 s: still running when B reconciles A
  private static final long SEEN_BEFORE_KILL = 200;
  private static final Duration LEASE = Duration.ofSeconds(10);
  private static final String SCHEMA = "kxm_rt";

  @Override
  public int number() {
    return 15;
  }

  @Override
  public String title() {
    return "one of two runtime instances on PostgreSQL and Redis killed mid-turn";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    PrivatePostgres pg = stage.keep(PrivatePostgres.start());
    PrivateRedis redis = stage.keep(PrivateRedis.start(stage.newDir("redis-")));
    Map<String, String> env =
        Map.of(
            "KXM_RUNTIME_DATABASE_URL", pg.url(),
            "KXM_RUNTIME_DATABASE_SCHEMA", SCHEMA,
            "KXM_RUNTIME_REDIS_URL", redis.url(),
            "KXM_RUNTIME_INSTANCE_LEASE_MS", Long.toString(LEASE.toMillis()));
    SupervisorProcess a =
        stage.keep(SupervisorProcess.start(stage.newDir("instance-a-"), "instance-a", env));
    SupervisorProcess b =
        stage.keep(SupervisorProcess.start(stage.newDir("instance-b-"), "instance-b", env));
    try {
      SessionCalls.requireSessions(a);
    } catch (Measure.Skip noSessions) {
      throw new NotRunnable(noSessions.getMessage());
    }
    String onA = SessionCalls.createSession(a, stage.newDir("session-a-"));
    String onB = SessionCalls.createSession(b, stage.newDir("session-b-"));
    // Sent to B, run on A: the session is A's.
    String runOnA = SessionCalls.submit(b, onA, "paced " + DELTAS_ON_A + " " + GAP_MS_ON_A);
    SessionCalls.approve(b, runOnA, SessionCalls.awaitApprovalAsked(b, runOnA));
    String runOnB = SessionCalls.submit(b, onB, "paced " + DELTAS_ON_B + " " + GAP_MS_ON_B);
    SessionCalls.approve(b, runOnB, SessionCalls.awaitApprovalAsked(b, runOnB));
    RunFollower follower = stage.keep(new RunFollower(() -> b, runOnA, 0));
    if (!follower.awaitEvents(SEEN_BEFORE_KILL, Duration.ofSeconds(60))) {
      throw new IllegalStateException(
          "the client on B saw only " + follower.events() + " events of A's run within 60 s");
    }
    Instant leaseEnd = leaseUntil(pg, a);
    a.kill();
    long seenAtKill = follower.events();
    Log.info("killed instance A; the client on B had " + count(seenAtKill) + " events");

    JsonNode interrupted = awaitEnded(b, runOnA);
    boolean ended = follower.awaitEnd(Duration.ofSeconds(60));
    JsonNode bWhenAEnded = SessionCalls.run(b, runOnB);
    JsonNode verified = SessionCalls.verify(b, runOnA);
    follower.close();
    JsonNode ownRun = awaitEnded(b, runOnB);
    List<Long> stored = pg.sessionRunSeqs(SCHEMA, runOnA);

    Instant finished =
        interrupted == null ? null : Instant.parse(interrupted.path("finishedAt").asString());
    findings.check(
        interrupted != null
            && "interrupted".equals(interrupted.path("status").asString())
            && "server_restart".equals(interrupted.path("error").asString())
            && !finished.isBefore(leaseEnd),
        "A's run: "
            + (interrupted == null
                ? "not ended 90 s after the kill"
                : interrupted.path("status").asString()
                    + " ("
                    + interrupted.path("error").asString("no error")
                    + ") "
                    + Duration.between(leaseEnd, finished).toMillis()
                    + " ms after A's lease ended"));
    RunChecks.chain(findings, " of A's run on B", verified, stored);
    RunChecks.client(findings, "client on B", follower, ended, stored);
    findings.check(
        "running".equals(bWhenAEnded.path("status").asString())
            && ownRun != null
            && "completed".equals(ownRun.path("status").asString()),
        "B's own run: "
            + bWhenAEnded.path("status").asString()
            + " when A's ended, then "
            + (ownRun == null ? "not ended" : ownRun.path("status").asString()));
  }

  private static JsonNode awaitEnded(SupervisorProcess supervisor, String runId) {
    try {
      return SessionCalls.awaitEnded(supervisor, runId, Duration.ofSeconds(90));
    } catch (Exception e) {
      Log.warn("run " + runId + " did not end: " + e.getMessage());
      return null;
    }
  }

  /** When A's lease, as last renewed before the kill, ends. */
  private static Instant leaseUntil(PrivatePostgres pg, SupervisorProcess instance)
      throws Exception {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + pg.port() + "/postgres?user=postgres");
        PreparedStatement q =
            c.prepareStatement(
                "SELECT lease_until FROM "
                    + SCHEMA
                    + "_instances.runtime_instances WHERE url = ? OR url = ?")) {
      q.setString(1, instance.base().toString());
      q.setString(2, instance.base() + "/");
      try (ResultSet rs = q.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalStateException("no lease recorded for " + instance.base());
        }
        return Instant.ofEpochMilli(rs.getLong(1));
      }
    }
  }
}
