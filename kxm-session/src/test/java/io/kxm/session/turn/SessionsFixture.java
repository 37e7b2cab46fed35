package io.kxm.session.turn;

import static org.awaitility.Awaitility.await;

import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import io.kxm.session.store.SqliteSessionStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A session service over a real store file in a temporary folder, whose sessions run {@code
 * test-agent.py} under python3 as their harness.
 */
final class SessionsFixture implements AutoCloseable {
  static final Duration WAIT = Duration.ofSeconds(30);

  final Path dir;
  final Path workspace;
  final Path storeFile;
  final Path agent;
  final Clock clock;
  SessionStore store;
  SessionService service;

  private SessionsFixture(Path dir, Clock clock) {
    this.dir = dir;
    this.clock = clock;
    this.workspace = dir.resolve("workspace");
    this.storeFile = dir.resolve("sessions.db");
    this.agent = dir.resolve("test-agent.py");
    try {
      Files.createDirectories(workspace);
      try (InputStream in = SessionsFixture.class.getResourceAsStream("test-agent.py")) {
        Files.copy(in, agent);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static SessionsFixture start(Path dir, SessionSettings settings) throws InterruptedException {
    return start(dir, settings, Clock.systemUTC());
  }

  static SessionsFixture start(Path dir, SessionSettings settings, Clock clock)
      throws InterruptedException {
    SessionsFixture fx = new SessionsFixture(dir, clock);
    fx.openStore();
    fx.startService(settings);
    return fx;
  }

  /** A fixture with the store open and no service yet, to arrange what a crash leaves behind. */
  static SessionsFixture storeOnly(Path dir) {
    SessionsFixture fx = new SessionsFixture(dir, Clock.systemUTC());
    fx.openStore();
    return fx;
  }

  static SessionSettings settings(int maxActive, int maxQueued) {
    return new SessionSettings(
        maxActive, maxQueued, Duration.ofMinutes(30), 10_000, Duration.ofSeconds(15));
  }

  void openStore() {
    store = SqliteSessionStore.open(storeFile, clock);
  }

  void startService(SessionSettings settings) throws InterruptedException {
    startService(settings, Harnesses.standard());
  }

  void startService(SessionSettings settings, Function<HarnessSpec, Harness> harnesses)
      throws InterruptedException {
    service = SessionService.start(store, true, harnesses, clock, settings);
  }

  HarnessSpec agent(String... args) {
    List<String> argv = new ArrayList<>(List.of("/usr/bin/python3", agent.toString()));
    argv.addAll(List.of(args));
    return new HarnessSpec(HarnessSpec.COMMAND, argv);
  }

  Session session(String... args) {
    return service.create(workspace.toString(), agent(args), null);
  }

  SessionRun awaitStatus(String runId, SessionRunStatus status) {
    await().atMost(WAIT).until(() -> service.run(runId).status() == status);
    return service.run(runId);
  }

  Interaction awaitPending(String runId) {
    await()
        .atMost(WAIT)
        .until(() -> service.interactions(runId).stream().anyMatch(this::isPending));
    return service.interactions(runId).stream().filter(this::isPending).findFirst().orElseThrow();
  }

  private boolean isPending(Interaction interaction) {
    return Interaction.PENDING.equals(interaction.status());
  }

  void awaitFile(Path file) {
    await().atMost(WAIT).ignoreExceptions().until(() -> Files.size(file) > 0);
  }

  long pidIn(Path file) throws IOException {
    awaitFile(file);
    return Long.parseLong(Files.readString(file).trim());
  }

  void awaitGone(long pid) {
    await().atMost(WAIT).until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
  }

  List<SessionEvent> events(String runId) {
    return store.replay(StreamKey.run(runId), 0, 10_000);
  }

  List<String> types(String runId) {
    return events(runId).stream().map(SessionEvent::type).toList();
  }

  long seqOf(String runId, String type) {
    return events(runId).stream()
        .filter(e -> e.type().equals(type))
        .mapToLong(SessionEvent::seq)
        .findFirst()
        .orElseThrow(() -> new AssertionError("run " + runId + " has no " + type + " event"));
  }

  @Override
  public void close() {
    if (service != null) {
      service.close();
    } else if (store != null) {
      store.close();
    }
  }
}
