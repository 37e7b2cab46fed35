package io.kxm.session.adapter;

import static org.awaitility.Awaitility.await;

import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.session.turn.Harnesses;
import io.kxm.session.turn.SessionService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Sessions whose turns run through the standard harnesses, over a real store in a temporary folder,
 * for tests that drive a real agent CLI against the fake provider ({@link io.kxm.testkit.AgentClis}
 * finds the CLIs).
 */
public final class AdapterSessions implements AutoCloseable {
  /** Agent CLIs start Node and call the model a few times; a loaded machine needs a while. */
  public static final Duration WAIT = Duration.ofSeconds(120);

  public final Path workspace;
  public final SessionService service;
  private final SessionStore store;

  private AdapterSessions(Path dir, Map<String, String> environment) throws InterruptedException {
    try {
      workspace = Files.createDirectories(dir.resolve("workspace"));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    Clock clock = Clock.systemUTC();
    store = SqliteSessionStore.open(dir.resolve("sessions.db"), clock);
    service =
        SessionService.start(
            store,
            true,
            Harnesses.standard(environment, clock),
            clock,
            new SessionSettings(2, 10, Duration.ofMinutes(5), 10_000, Duration.ofSeconds(15)));
  }

  /**
   * @param environment the supervisor's environment for the harnesses
   */
  public static AdapterSessions start(Path dir, Map<String, String> environment)
      throws InterruptedException {
    return new AdapterSessions(dir, environment);
  }

  /** This JVM's environment with {@code extra} on top: the PATH that finds the CLIs, and more. */
  public static Map<String, String> environment(Map<String, String> extra) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.putAll(extra);
    return env;
  }

  public Session session(String harnessType, String model) {
    return service.create(workspace.toString(), new HarnessSpec(harnessType, List.of()), model);
  }

  /** Submits {@code prompt} and waits for the run to end. */
  public SessionRun runToEnd(Session session, String prompt) {
    String runId = service.submit(session.id(), prompt).id();
    await().atMost(WAIT).until(() -> service.run(runId).status().isTerminal());
    return service.run(runId);
  }

  public List<SessionEvent> events(String runId) {
    return store.replay(StreamKey.run(runId), 0, 10_000);
  }

  /** The data of each event of {@code type} in the run, in order. */
  public List<JsonNode> data(String runId, String type) {
    return events(runId).stream()
        .filter(e -> e.type().equals(type))
        .map(SessionEvent::data)
        .toList();
  }

  @Override
  public void close() {
    service.close();
  }
}
