package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import io.kxm.bench.product.SessionCalls;
import io.kxm.bench.product.SupervisorProcess;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.sqlite.SQLiteConfig;
import tools.jackson.databind.JsonNode;

/**
 * Fault 13: {@code kxm backup} is taken while 8 agents send to one recipient and session turns run
 * on the supervisor, over one project folder and one state root; the backup is then restored into a
 * fresh project folder and a fresh state root. {@code kxm backup verify} must pass; the restored
 * hub must hold every send acknowledged before the backup began, and its stream must carry each
 * once; the restored supervisor must hold every event of each turn that ended before the backup
 * began, exactly as the live store held it, with a hash chain that verifies; both restored
 * processes must serve new work. A copy of the backup with damaged bytes in one store must fail
 * {@code verify} with {@code backup_damaged}, and {@code kxm restore} must refuse it.
 */
final class BackupUnderLoadFault implements Fault {
  private static final int SENDERS = 8;
  private static final Duration LOAD_BEFORE = Duration.ofSeconds(4);
  private static final String TURN = "fill 200";

  @Override
  public int number() {
    return 13;
  }

  @Override
  public String title() {
    return "kxm backup during send and session load, restore into a fresh state folder;"
        + " a damaged backup is caught and refused";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path supervisorDir = stage.newDir("supervisor-");
    Path state = supervisorDir.resolve("state");
    Path project = stage.newDir("project-");
    SupervisorProcess supervisor = stage.keep(SupervisorProcess.start(supervisorDir, "supervisor"));
    try {
      SessionCalls.requireSessions(supervisor);
    } catch (Measure.Skip noSessions) {
      throw new NotRunnable(noSessions.getMessage());
    }
    String token = HubProcess.newToken();
    Map<String, String> hubEnv = Map.of("KXM_STATE_HOME", state.toString());
    HubProcess hub = stage.keep(HubProcess.start(project, token, hubEnv));
    Agent sink = Agents.register(hub, "sink");
    List<Agent> senders = Agents.register(hub, "sender", SENDERS);
    SendLoad load = stage.keep(new SendLoad(() -> hub, senders, () -> "sink", "backup").start());
    String session = SessionCalls.createSession(supervisor, stage.newDir("session-"));
    List<String> endedTurns = new CopyOnWriteArrayList<>();
    AtomicBoolean turning = new AtomicBoolean(true);
    AtomicReference<Exception> turnFailure = new AtomicReference<>();
    Thread turns =
        Thread.ofVirtual()
            .start(() -> {
              try {
                while (turning.get()) {
                  String runId = SessionCalls.submit(supervisor, session, TURN);
                  SessionCalls.awaitEnded(supervisor, runId, Duration.ofSeconds(60));
                  endedTurns.add(runId);
                }
              } catch (Exception e) {
                turnFailure.set(e);
              }
            });
    Thread.sleep(LOAD_BEFORE.toMillis()); // both loads run this long before the backup

    Set<String> ackedBefore = new HashSet<>(load.acknowledged());
    Map<String, List<Long>> turnsBefore = new LinkedHashMap<>();
    for (String runId : List.copyOf(endedTurns)) {
      turnsBefore.put(runId, storedSeqs(supervisor.sessionsDb(), runId));
    }
    Path backup = stage.dir().resolve("backup");
    Map<String, String> cliEnv = cliEnv(project, state);
    long started = System.nanoTime();
    Cli taken =
        Cli.run(
            stage,
            project,
            cliEnv,
            "backup",
            "--out",
            backup.toString(),
            "--include-secrets",
            "--json");
    long backupMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    long ackedAfter = load.acknowledgedCount();
    int turnsAfter = endedTurns.size();
    turning.set(false);
    load.stop();
    turns.join();
    Log.info(
        "backup took "
            + backupMs
            + " ms while "
            + count(ackedAfter - ackedBefore.size())
            + " more sends were acknowledged");
    if (turnFailure.get() != null) {
      throw new IllegalStateException("a session turn failed under load", turnFailure.get());
    }
    findings.check(
        taken.code() == 0 && turnsAfter > turnsBefore.size() && ackedAfter > ackedBefore.size(),
        "backup exit "
            + taken.code()
            + " in "
            + backupMs
            + " ms, while the load went on: sends "
            + count(ackedBefore.size())
            + " -> "
            + count(ackedAfter)
            + ", ended turns "
            + turnsBefore.size()
            + " -> "
            + turnsAfter
            + (taken.code() == 0 ? "" : "; " + taken.output()));
    if (taken.code() != 0) {
      return;
    }
    JsonNode summary = Wire.read(taken.output());
    List<String> stores = new ArrayList<>();
    summary.path("stores").forEach(s -> stores.add(s.path("name").asString()));
    findings.check(
        stores.containsAll(
            List.of(
                "hub", "sessions", "session-heads", "registry", "supervisor-token", "receipt-key")),
        "stores in the backup: " + String.join(", ", stores));

    Cli verified = Cli.run(stage, project, cliEnv, "backup", "verify", backup.toString(), "--json");
    JsonNode verify = verified.code() == 0 ? Wire.read(verified.output()) : null;
    findings.check(
        verified.code() == 0 && verify.path("ok").asBoolean(false),
        "kxm backup verify: exit "
            + verified.code()
            + ", "
            + (verify == null
                ? verified.output()
                : verify.path("copies").asLong()
                    + " copies whole (SHA-256, integrity_check, schema version)"));

    hub.close();
    supervisor.close();
    Path freshProject = stage.newDir("restored-project-");
    Path freshDir = stage.newDir("restored-supervisor-");
    Path freshState = freshDir.resolve("state");
    Map<String, String> freshEnv = cliEnv(freshProject, freshState);
    Cli restored = Cli.run(stage, freshProject, freshEnv, "restore", backup.toString(), "--json");
    findings.check(
        restored.code() == 0,
        "kxm restore into a fresh project and state folder: exit "
            + restored.code()
            + (restored.code() == 0
                ? ", " + Wire.read(restored.output()).path("restored").asLong() + " files"
                : "; " + restored.output()));
    if (restored.code() != 0) {
      return;
    }

    HubProcess second =
        stage.keep(
            HubProcess.start(freshProject, token, Map.of("KXM_STATE_HOME", freshState.toString())));
    Follower follower = stage.keep(Follower.follow(() -> (HubEndpoint) second, sink));
    boolean allSeen = follower.awaitAll(ackedBefore, Duration.ofSeconds(60));
    long present = Agents.present(second, sink, ackedBefore);
    Agent late = Agents.register(second, "after-restore");
    follower.close();
    findings.check(
        present == ackedBefore.size()
            && allSeen
            && follower.repeatedIds() == 0
            && follower.duplicates() == 0
            && follower.gaps() == 0,
        "restored hub: acknowledged before the backup "
            + count(ackedBefore.size())
            + ", present "
            + count(present)
            + "; its stream: "
            + count(follower.events())
            + " events, seen twice "
            + follower.repeatedIds()
            + ", duplicates "
            + follower.duplicates()
            + ", gaps "
            + follower.gaps()
            + "; a new agent registered: "
            + late.id());

    SupervisorProcess restoredSupervisor =
        stage.keep(SupervisorProcess.start(freshDir, "supervisor-restored"));
    int same = 0;
    int chains = 0;
    for (Map.Entry<String, List<Long>> turn : turnsBefore.entrySet()) {
      List<Long> seqs = storedSeqs(restoredSupervisor.sessionsDb(), turn.getKey());
      if (seqs.equals(turn.getValue())) {
        same++;
      }
      JsonNode chain = SessionCalls.verify(restoredSupervisor, turn.getKey());
      if (chain.path("ok").asBoolean(false)) {
        chains++;
      }
    }
    String newRun = SessionCalls.submit(restoredSupervisor, session, "fill 10");
    JsonNode newTurn = SessionCalls.awaitEnded(restoredSupervisor, newRun, Duration.ofSeconds(60));
    findings.check(
        same == turnsBefore.size()
            && chains == turnsBefore.size()
            && "completed".equals(newTurn.path("status").asString()),
        "restored supervisor: turns ended before the backup "
            + turnsBefore.size()
            + ", with the same events once "
            + same
            + ", hash chain verified "
            + chains
            + "; a new turn "
            + newTurn.path("status").asString());
    second.close();
    restoredSupervisor.close();

    damaged(stage, findings, backup);
  }

  /** A copy of the backup with bytes flipped inside the hub store's copy. */
  private static void damaged(Stage stage, Findings findings, Path backup) throws Exception {
    Path copy = stage.dir().resolve("backup-damaged");
    copyTree(backup, copy);
    Path db = copy.resolve("stores/hub.db");
    long size = Files.size(db);
    try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
      for (long at = 4096; at < size; at += 4096) {
        file.seek(at + 100);
        file.write(new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef});
      }
    }
    Path project = stage.newDir("damaged-project-");
    Path state = stage.newDir("damaged-state-").resolve("state");
    Map<String, String> damagedEnv = cliEnv(project, state);
    Cli verified =
        Cli.run(stage, project, damagedEnv, "backup", "verify", copy.toString(), "--json");
    JsonNode report = Wire.read(verified.output());
    String code = report.path("findings").path(0).path("code").asString();
    Cli refused = Cli.run(stage, project, damagedEnv, "restore", copy.toString());
    findings.check(
        verified.code() == 1
            && "backup_damaged".equals(code)
            && refused.code() == 1
            && refused.output().contains("backup_damaged")
            && !Files.exists(project.resolve(".kxm/state/kxm.db")),
        "damaged backup: verify exit "
            + verified.code()
            + " with "
            + code
            + " on "
            + report.path("findings").path(0).path("store").asString()
            + "; restore exit "
            + refused.code()
            + ", nothing restored: "
            + !Files.exists(project.resolve(".kxm/state/kxm.db")));
    findings.note(
        "the damaged copy of the hub store: "
            + count(size)
            + " bytes, 4 bytes flipped in"
            + " each page after the first");
  }

  /** The state root and store of one side; the user's own config folder is never touched. */
  private static Map<String, String> cliEnv(Path project, Path state) {
    return Map.of(
        "KXM_STATE_HOME", state.toString(),
        "KXM_DATA_PATH", project.resolve(".kxm/state/kxm.db").toString(),
        "KXM_USER_CONFIG_DIR", state.resolveSibling("user-config").toString());
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }

  /** The run's events as a store holds them, read beside its supervisor. */
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

  /** One {@code kxm} command run to its end: exit code and stdout (stderr goes to a log). */
  private record Cli(int code, String output) {
    static Cli run(Stage stage, Path dir, Map<String, String> env, String... args)
        throws IOException, InterruptedException {
      List<String> command = new ArrayList<>();
      command.add(ProcessHandle.current().info().command().orElse("java"));
      command.add("--enable-native-access=ALL-UNNAMED");
      command.add("-jar");
      command.add(HubProcess.requireJar().toString());
      command.addAll(List.of(args));
      Path log = Files.createTempFile(stage.dir(), "cli-" + args[0] + "-", ".log");
      ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
      builder.environment().putAll(env);
      builder.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
      Process process = builder.start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(300, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return new Cli(124, "kxm " + args[0] + " ran past 300 s");
      }
      String err = Files.exists(log) ? Files.readString(log) : "";
      return new Cli(process.exitValue(), out.strip() + (process.exitValue() == 0 ? "" : err));
    }
  }
}
