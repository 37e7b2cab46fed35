package io.kxm.cli.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.TestEnv;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.retention.PurgeResult;
import io.kxm.core.retention.PurgeSchedule;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.retention.HubRetention;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.prompt.PromptSidecar;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.retention.RunEventsPurge;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import io.kxm.session.retention.SessionsPurge;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.session.stream.ActiveStreams;
import io.kxm.session.stream.EventStream;
import io.kxm.session.stream.SseOutput;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.SettableClock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A week of simulated load on a settable clock, against real stores: the hub through the hub
 * exactly as {@code kxm hub start} assembles it, the runtime's stores opened directly. After the
 * retention window every purgeable row is gone, the newest rows stay, a client resuming from before
 * the window is told {@code cursor_expired} with the oldest seq still held, and each database file
 * reaches a plateau: its size after day 7 stays within a small margin of its size after day 4.
 */
class RetentionWeekTest {
  private static final Duration DAY = Duration.ofDays(1);
  private static final Duration WINDOW = Duration.ofDays(2);

  /** How much a plateaued file may still move between day 4 and day 7. */
  private static final double MARGIN = 0.10;

  @TempDir Path dir;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void a_week_of_hub_messages_keeps_the_window_only_and_the_store_file_stops_growing()
      throws Exception {
    SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
    Map<String, String> env = TestEnv.hub(dir);
    env.put("KXM_MESSAGE_RETENTION_MS", Long.toString(WINDOW.toMillis()));
    env.put("KXM_OPS_RETENTION_MS", Long.toString(WINDOW.toMillis()));
    env.put("KXM_SEND_RATE_PER_MINUTE", "0");
    Path project = dir.resolve("project");
    Files.createDirectories(project);
    HubServer hub = HubAssembly.start(HubConfig.fromEnvironment(env, project), env, clock);
    StoreConfig storeConfig = StoreConfig.fromEnvironment(project, env);
    try (Store second = Stores.open(storeConfig, clock)) {
      String url = hub.baseUrl();
      String[] ann = register(url, "ann");
      String[] bob = register(url, "bob");
      HubRetention retention = HubRetention.fromEnvironment(second, project, env);
      List<List<String>> sentByDay = new ArrayList<>();
      long[] size = new long[8];
      String body = "x".repeat(1024);
      for (int day = 1; day <= 7; day++) {
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
          String id = send(url, ann, "bob", body + day + "-" + i);
          reply(url, bob, id, body);
          sent.add(id);
        }
        sentByDay.add(sent);
        clock.tick(DAY);
        // what kxm gc does: the hub's purges on a second handle of the same file (the hub's own
        // sweeper may get there first on its minute beat; either way the rows go)
        retention.purge(clock.instant(), false);
        size[day] = fileSize(storeConfig.sqlitePath());
      }

      List<PurgeResult> dry = retention.purge(clock.instant(), true);
      assertThat(count(dry, "finished messages")).isZero();
      for (String old : sentByDay.get(0)) {
        assertThat(status(url, ann, "/messages/" + old)).isEqualTo(404);
      }
      assertThat(status(url, ann, "/messages/" + sentByDay.get(4).getFirst())).isEqualTo(404);
      for (String fresh : sentByDay.get(6)) {
        assertThat(status(url, ann, "/messages/" + fresh)).isEqualTo(200);
      }

      String expired = firstControlFrame(url, bob, 1);
      assertThat(expired).contains("\"requestedAfter\":1");
      long oldest = firstRetainedSeq(expired);
      assertThat(oldest).isGreaterThan(2);

      assertThat(size[7])
          .as("hub store size by day: %s", java.util.Arrays.toString(size))
          .isLessThanOrEqualTo((long) (size[4] * (1 + MARGIN)));
    } finally {
      hub.stop();
    }
  }

  @Test
  void a_week_of_session_runs_is_purged_by_the_schedule_and_a_resumed_session_stream_is_told()
      throws Exception {
    SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
    Path file = dir.resolve("runtime").resolve("sessions.db");
    Files.createDirectories(file.getParent());
    Receipts signer = new Receipts(ReceiptKeys.loadOrCreate(dir.resolve("runtime/receipt-key")));
    try (SqliteSessionStore store = SqliteSessionStore.open(file, clock, signer);
        PurgeSchedule schedule =
            new PurgeSchedule(
                "sessions-test",
                clock,
                Duration.ofMillis(20),
                List.of(new SessionsPurge(store, WINDOW)),
                r -> {},
                f -> {})) {
      schedule.start();
      HarnessSpec harness = new HarnessSpec("claude-code", List.of());
      String kept = store.createSession("/work/a", harness, null).id();
      String idle = store.createSession("/work/b", harness, null).id();
      finishedRun(store, idle, 3);
      List<List<String>> runsByDay = new ArrayList<>();
      long[] size = new long[8];
      for (int day = 1; day <= 7; day++) {
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
          runs.add(finishedRun(store, kept, 10));
        }
        runsByDay.add(runs);
        clock.tick(DAY);
        Instant cutoff = clock.instant().minus(WINDOW);
        // the schedule runs by itself on its clock: wait until nothing due is left
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> store.purgeableBefore(cutoff).runIds().isEmpty());
        size[day] = fileSize(file);
      }

      for (String old : runsByDay.get(0)) {
        assertThat(store.run(old)).isEmpty();
      }
      for (String fresh : runsByDay.get(6)) {
        assertThat(store.run(fresh)).isPresent();
      }
      assertThat(store.session(idle)).as("an idle session goes whole").isEmpty();
      assertThat(store.session(kept)).as("a session with recent runs stays").isPresent();
      long lastSeq = store.lastSeq();

      String frame = sessionStreamStart(store, kept, 1);
      assertThat(frame).contains("event: cursor_expired").contains("\"requestedAfter\":1");
      long oldest = firstRetainedSeq(frame);
      assertThat(oldest)
          .isEqualTo(store.firstSeqAfter(StreamKey.session(kept), 1).orElseThrow())
          .isGreaterThan(store.purgedThrough(StreamKey.session(kept)));
      assertThat(sessionStreamStart(store, kept, lastSeq)).doesNotContain("cursor_expired");

      assertThat(size[7])
          .as("sessions.db size by day: %s", java.util.Arrays.toString(size))
          .isLessThanOrEqualTo((long) (size[4] * (1 + MARGIN)));
    }
  }

  @Test
  void a_week_of_finished_workflow_runs_leaves_the_run_store_bounded() throws Exception {
    SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
    Path file = dir.resolve("runtime/projects/p1/run-events.db");
    Files.createDirectories(file.getParent());
    Receipts signer = new Receipts(ReceiptKeys.loadOrCreate(dir.resolve("runtime/receipt-key")));
    PromptSidecar prompts = new PromptSidecar(file.getParent());
    try (RunEventStore log = RunEventStore.open(file, signer)) {
      RunEventsPurge purge = new RunEventsPurge("run-events p1", log, prompts, WINDOW, id -> {});
      String open = "run_open";
      prompts.put(open, "still going");
      log.create(
          open,
          clock.instant(),
          Batch.of(new RunEvent.RunCreated("build", "ab12", REVISIONS, null)));
      List<List<String>> runsByDay = new ArrayList<>();
      long[] size = new long[8];
      int n = 0;
      for (int day = 1; day <= 7; day++) {
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
          String runId = "run_" + (++n);
          prompts.put(runId, "prompt " + runId);
          log.create(
              runId,
              clock.instant(),
              Batch.of(new RunEvent.RunCreated("build", "ab12", REVISIONS, null)));
          for (int t = 0; t < 10; t++) {
            log.append(runId, clock.instant(), s -> toggle(s.status()));
          }
          log.append(
              runId,
              clock.instant(),
              s -> Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLED, "done")));
          runs.add(runId);
        }
        // the hub acknowledged everything synced so far; a pending row would keep its run
        var outbox = log.outbox("p1");
        for (var rows = outbox.pending(1000); !rows.isEmpty(); rows = outbox.pending(1000)) {
          rows.forEach(r -> outbox.acknowledge(r.rowId()));
        }
        runsByDay.add(runs);
        clock.tick(DAY);
        PurgeResult result = purge.purge(clock.instant(), false).getFirst();
        if (day >= 3) {
          assertThat(result.removed()).as("day %s", day).isEqualTo(60);
        }
        size[day] = fileSize(file);
      }

      assertThat(purge.purge(clock.instant(), true).getFirst().removed()).isZero();
      for (String old : runsByDay.get(0)) {
        assertThatThrownBy(() -> log.load(old))
            .isInstanceOfSatisfying(
                KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.RUN_NOT_FOUND));
        assertThat(prompts.get(old)).isEmpty();
        assertThat(log.signedHead(old)).isEmpty();
      }
      for (String fresh : runsByDay.get(6)) {
        assertThat(log.load(fresh).status()).isEqualTo(RunStatus.CANCELLED);
      }
      assertThat(log.load(open).status())
          .as("an unfinished run stays")
          .isEqualTo(RunStatus.CREATED);
      assertThat(prompts.get(open)).hasValue("still going");

      assertThat(size[7])
          .as("run-events.db size by day: %s", java.util.Arrays.toString(size))
          .isLessThanOrEqualTo((long) (size[4] * (1 + MARGIN)));
    }
  }

  @Test
  void kxm_gc_dry_run_counts_exactly_what_the_real_run_then_removes() throws Exception {
    // rows stamped ten days ago, so that gc on the wall clock finds them past the window
    SettableClock clock = new SettableClock(Instant.now().minus(Duration.ofDays(10)));
    Map<String, String> env = TestEnv.hub(dir);
    env.put("KXM_SEND_RATE_PER_MINUTE", "0");
    Path project = dir.resolve("project");
    Files.createDirectories(project.resolve(".kxm"));
    HubServer hub = HubAssembly.start(HubConfig.fromEnvironment(env, project), env, clock);
    String fresh;
    try {
      String url = hub.baseUrl();
      String[] ann = register(url, "ann");
      String[] bob = register(url, "bob");
      for (int i = 0; i < 5; i++) {
        reply(url, bob, send(url, ann, "bob", "old " + i), "ok");
      }
      clock.set(Instant.now());
      fresh = send(url, ann, "bob", "new");
      reply(url, bob, fresh, "ok");
    } finally {
      hub.stop();
    }
    // this project's run store and this user's session store, each with one old ended run
    io.kxm.core.paths.StatePaths state = io.kxm.core.paths.StatePaths.fromEnvironment(env);
    String key = ProjectKeys.key(ProjectKeys.canonical(project));
    Path runStore = ProjectKeys.eventStore(state, key);
    Files.createDirectories(runStore.getParent());
    Receipts signer = new Receipts(ReceiptKeys.loadOrCreate(ProjectKeys.receiptKey(state)));
    Instant longAgo = Instant.now().minus(Duration.ofDays(40));
    try (RunEventStore log = RunEventStore.open(runStore, signer)) {
      log.create(
          "run_old", longAgo, Batch.of(new RunEvent.RunCreated("build", "ab12", REVISIONS, null)));
      log.append(
          "run_old", longAgo, st -> Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLED, "x")));
      var outbox = log.outbox(key);
      outbox.pending(100).forEach(r -> outbox.acknowledge(r.rowId()));
    }
    Path sessionsDb = io.kxm.supervisor.SupervisorPaths.of(state).sessionsDb();
    String oldRun;
    try (SqliteSessionStore sessions =
        SqliteSessionStore.open(sessionsDb, new SettableClock(longAgo), signer)) {
      String session =
          sessions.createSession("/work/a", new HarnessSpec("claude-code", List.of()), null).id();
      oldRun = finishedRun(sessions, session, 2);
    }

    var dry = io.kxm.cli.support.CliRun.run(env, project, "gc", "--dry-run", "--json");
    assertThat(dry.exit()).as(dry.err()).isZero();
    JsonNode planned = Json.read(dry.out());
    assertThat(planned.path("dryRun").asBoolean()).isTrue();
    assertThat(removed(planned, "hub", "finished messages")).isEqualTo(5);

    assertThat(removed(planned, "run-events " + key, "finished runs")).isEqualTo(1);
    assertThat(removed(planned, "sessions", "ended session runs")).isEqualTo(1);
    assertThat(removed(planned, "sessions", "idle sessions")).isEqualTo(1);

    var real = io.kxm.cli.support.CliRun.run(env, project, "gc", "--json");
    assertThat(real.exit()).as(real.err()).isZero();
    JsonNode done = Json.read(real.out());
    assertThat(removed(done, "hub", "finished messages")).isEqualTo(5);
    assertThat(removed(done, "run-events " + key, "finished runs")).isEqualTo(1);
    assertThat(removed(done, "sessions", "ended session runs")).isEqualTo(1);
    assertThat(removed(done, "sessions", "idle sessions")).isEqualTo(1);
    try (RunEventStore log = RunEventStore.open(runStore, signer);
        SqliteSessionStore sessions = SqliteSessionStore.open(sessionsDb, clock, signer)) {
      assertThat(log.runIds()).isEmpty();
      assertThat(log.signedHead("run_old")).isEmpty();
      assertThat(sessions.run(oldRun)).isEmpty();
    }

    var again = io.kxm.cli.support.CliRun.run(env, project, "gc");
    assertThat(again.exit()).isZero();
    assertThat(again.out()).contains("hub").contains("removed 0 finished messages");
    try (Store store = Stores.open(StoreConfig.fromEnvironment(project, env), clock)) {
      assertThat(store.messages().findById(fresh)).as("the newest message stays").isPresent();
    }
  }

  private static long removed(JsonNode out, String store, String what) {
    long sum = 0;
    for (JsonNode r : out.path("results")) {
      if (r.path("store").asString().equals(store) && r.path("what").asString().equals(what)) {
        sum += r.path("removed").asLong();
      }
    }
    return sum;
  }

  private static final io.kxm.runtime.api.Revisions REVISIONS =
      new io.kxm.runtime.api.Revisions("b1", "m1", "e1", "t1");

  private static Batch toggle(RunStatus status) {
    return Batch.of(
        new RunEvent.RunMoved(
            status == RunStatus.CREATED ? RunStatus.QUEUED : RunStatus.CREATED, "toggle"));
  }

  /** A session run that ran and completed, with {@code events} output events of 512 bytes. */
  private static String finishedRun(SessionStore store, String sessionId, int events) {
    SessionRun run = store.createRun(sessionId, "do the thing", null);
    store.transition(run.id(), SessionRunStatus.RUNNING, null, Json.object());
    for (int i = 0; i < events; i++) {
      store.append(run.id(), "output.delta", Json.object().put("text", "y".repeat(512))).join();
    }
    store.transition(
        run.id(),
        SessionRunStatus.COMPLETED,
        new SessionStore.Ending("completed", null, "done"),
        Json.object());
    return run.id();
  }

  /**
   * What a session stream sends first when resumed after {@code afterSeq}: the stream is served on
   * a thread of its own and stopped once its first frames are out.
   */
  private static String sessionStreamStart(SessionStore store, String sessionId, long afterSeq)
      throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    EventStream streams = new EventStream(store, SessionSettings.DEFAULTS, new ActiveStreams());
    AtomicReference<EventStream.End> end = new AtomicReference<>();
    Thread serving =
        Thread.ofVirtual()
            .start(() ->
                end.set(
                    streams.serve(
                        StreamKey.session(sessionId), afterSeq, new SseOutput(bytes, () -> {}))));
    // the connected comment and any cursor_expired frame go out in one flush
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> bytes.toString(StandardCharsets.UTF_8).contains(": connected"));
    serving.interrupt();
    serving.join(Duration.ofSeconds(20));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static long count(List<PurgeResult> results, String what) {
    return results.stream()
        .filter(r -> r.what().equals(what))
        .mapToLong(PurgeResult::removed)
        .sum();
  }

  private static long firstRetainedSeq(String text) {
    Matcher m = Pattern.compile("\"firstRetainedSeq\":(\\d+)").matcher(text);
    assertThat(m.find()).as("no firstRetainedSeq in %s", text).isTrue();
    return Long.parseLong(m.group(1));
  }

  /** The main file and its write-ahead log: what the store occupies on disk. */
  private static long fileSize(Path db) throws IOException {
    Path wal = db.resolveSibling(db.getFileName() + "-wal");
    return Files.size(db) + (Files.exists(wal) ? Files.size(wal) : 0);
  }

  private String[] register(String url, String name) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(url + "/v1/projects/alpha/agents"))
                .header("Authorization", "Bearer " + TestEnv.ALPHA)
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        Json.write(Map.of("name", name, "purpose", "retention load"))))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode body = Json.read(r.body());
    return new String[] {body.path("agentId").asString(), body.path("agentKey").asString()};
  }

  private HttpRequest.Builder agent(String url, String[] agent, String suffix) {
    return HttpRequest.newBuilder(URI.create(url + "/v1/agents/" + agent[0] + suffix))
        .header("Authorization", "Bearer " + TestEnv.ALPHA)
        .header("X-KXM-Agent-Key", agent[1]);
  }

  private String send(String url, String[] from, String target, String content) throws Exception {
    HttpResponse<String> r =
        http.send(
            agent(url, from, "/messages")
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        Json.write(
                            Map.of("target", target, "content", content, "allowOffline", true))))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return Json.read(r.body()).path("messageId").asString();
  }

  private void reply(String url, String[] from, String messageId, String content) throws Exception {
    HttpResponse<String> r =
        http.send(
            agent(url, from, "/messages/" + messageId + "/reply")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("content", content))))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isBetween(200, 201);
  }

  private int status(String url, String[] agent, String suffix) throws Exception {
    return http.send(
            agent(url, agent, suffix).GET().build(), HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  /**
   * Opens the agent's stream after {@code after} and returns the first frame with an event name.
   */
  private String firstControlFrame(String url, String[] agent, long after) throws Exception {
    HttpResponse<InputStream> r =
        http.send(
            agent(url, agent, "/events?after=" + after).GET().build(),
            HttpResponse.BodyHandlers.ofInputStream());
    assertThat(r.statusCode()).isEqualTo(200);
    StringBuilder seen = new StringBuilder();
    try (InputStream in = r.body()) {
      byte[] buffer = new byte[4096];
      int read;
      while ((read = in.read(buffer)) > 0) {
        seen.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
        int start = seen.indexOf("event: ");
        if (start >= 0 && seen.indexOf("\n\n", start) > 0) {
          return seen.substring(start, seen.indexOf("\n\n", start));
        }
      }
    }
    throw new AssertionError("the stream ended before any named event: " + seen);
  }
}
