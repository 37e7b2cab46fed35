package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.product.SessionCalls;
import io.kxm.bench.product.SupervisorProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.sqlite.SQLiteConfig;
import tools.jackson.databind.JsonNode;

/**
 * Fault 2: the runtime supervisor is killed with SIGKILL while a session turn streams events to a
 * client, then started again on the same state. The run must be reconciled as interrupted by the
 * restart, its hash chain must verify, and the client, resuming with {@code Last-Event-ID} on the
 * new supervisor's port, must have seen every event the store holds for the run exactly once, in
 * order, ending with {@code run.interrupted}.
 */
final class SupervisorKillFault implements Fault {
  private static final int DELTAS = 20_000;
  private static final long SEEN_BEFORE_KILL = 200;

  /** The client reads at most about 200 events a second until the kill, so the store gets ahead. */
  private static final long SLOW_READ_PAUSE_MS = 5;

  @Override
  public int number() {
    return 2;
  }

  @Override
  public String title() {
    return "kill -9 of the runtime supervisor during a streaming session turn, restart";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path dir = stage.newDir("supervisor-");
    SupervisorProcess first = stage.keep(SupervisorProcess.start(dir, "supervisor"));
    try {
      SessionCalls.requireSessions(first);
    } catch (Measure.Skip noSessions) {
      throw new NotRunnable(noSessions.getMessage());
    }
    AtomicReference<SupervisorProcess> current = new AtomicReference<>(first);
    String session = SessionCalls.createSession(first, stage.newDir("session-"));
    String runId = SessionCalls.submit(first, session, "hold " + DELTAS);
    RunFollower follower = stage.keep(new RunFollower(current::get, runId, SLOW_READ_PAUSE_MS));
    if (!follower.awaitEvents(SEEN_BEFORE_KILL, Duration.ofSeconds(60))) {
      throw new IllegalStateException(
          "the client saw only " + follower.events() + " events of the run within 60 s");
    }
    String statusAtKill = SessionCalls.run(first, runId).path("status").asString();
    first.kill();
    long seenAtKill = follower.events();
    follower.fullSpeed();
    Log.info(
        "killed the supervisor with the run "
            + statusAtKill
            + ", the client at "
            + count(seenAtKill)
            + " events");

    SupervisorProcess second = stage.keep(first.restart("supervisor-restarted"));
    current.set(second);
    JsonNode run = SessionCalls.awaitEnded(second, runId, Duration.ofSeconds(30));
    JsonNode verified = SessionCalls.verify(second, runId);
    boolean ended = follower.awaitEnd(Duration.ofSeconds(60));
    follower.close();
    List<Long> stored = storedSeqs(second.sessionsDb(), runId);
    List<Long> seen = follower.seqs();

    findings.check(
        "running".equals(statusAtKill)
            && "interrupted".equals(run.path("status").asString())
            && "server_restart".equals(run.path("error").asString())
            && !run.path("finishedAt").isNull(),
        "run at the kill: "
            + statusAtKill
            + "; after the restart: "
            + run.path("status").asString()
            + ", error "
            + run.path("error").asString()
            + ", finished "
            + run.path("finishedAt").asString());
    findings.check(
        verified.path("ok").asBoolean(false) && verified.path("events").asLong() == stored.size(),
        "hash chain: ok "
            + verified.path("ok").asBoolean(false)
            + " over "
            + count(verified.path("events").asLong())
            + " events; the store holds "
            + count(stored.size()));
    findings.check(
        ended && "run.interrupted".equals(follower.endType()),
        "the client's stream ended with " + follower.endType());
    findings.check(
        seen.equals(stored) && follower.duplicates() == 0 && follower.connections() >= 2,
        "resuming client: "
            + count(seen.size())
            + " events over "
            + count(follower.connections())
            + " connections ("
            + count(seenAtKill)
            + " read before the kill, the rest replayed by the new supervisor), stored "
            + count(stored.size())
            + ", same sequence in order: "
            + seen.equals(stored)
            + ", duplicates "
            + follower.duplicates());
    findings.note(
        "the agent was to write "
            + count(DELTAS)
            + " deltas; the kill and the restart left "
            + count(stored.size())
            + " events of the run in the store");
  }

  /** The run's events as the store holds them, read beside the supervisor. */
  private static List<Long> storedSeqs(Path db, String runId) throws Exception {
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    config.setBusyTimeout(5_000);
    List<Long> seqs = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db, config.toProperties());
        PreparedStatement q =
            c.prepareStatement("SELECT seq FROM events WHERE run_id = ? ORDER BY seq")) {
      q.setString(1, runId);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          seqs.add(rs.getLong(1));
        }
      }
    }
    return seqs;
  }
}
