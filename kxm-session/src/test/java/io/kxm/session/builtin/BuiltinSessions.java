package io.kxm.session.builtin;

import static org.awaitility.Awaitility.await;

import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import io.kxm.session.provider.ModelRoutes;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.session.turn.SessionService;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A session service over a real store whose sessions run the built-in agent against the fake
 * provider, in a workspace that is a Git repository with one commit.
 */
final class BuiltinSessions implements AutoCloseable {
  static final Duration WAIT = Duration.ofSeconds(30);

  final Path workspace;
  final Path worktrees;
  final FakeProvider provider;
  final SessionService service;

  private BuiltinSessions(
      Path workspace, Path worktrees, FakeProvider provider, SessionService service) {
    this.workspace = workspace;
    this.worktrees = worktrees;
    this.provider = provider;
    this.service = service;
  }

  /**
   * @param wire {@code anthropic}, {@code responses} or {@code chat}
   * @param extraEnv added to (or, with an empty value, removed from) the supervisor environment
   */
  static BuiltinSessions start(
      Path dir, String wire, BuiltinSettings.AutoApprove autoApprove, Map<String, String> extraEnv)
      throws Exception {
    Path workspace = gitRepository(dir.resolve("workspace"));
    Path worktrees = dir.resolve("state/runtime/worktrees");
    FakeProvider provider = FakeProvider.start();
    Map<String, String> env = environment(provider, wire);
    extraEnv.forEach((k, v) -> {
      if (v.isEmpty()) {
        env.remove(k);
      } else {
        env.put(k, v);
      }
    });
    BuiltinSettings settings = new BuiltinSettings(autoApprove, 10, 1024, null, worktrees);
    BuiltinHarness harness = new BuiltinHarness(settings, new ModelRoutes(env), env);
    SessionStore store = SqliteSessionStore.open(dir.resolve("sessions.db"), Clock.systemUTC());
    SessionService service =
        SessionService.start(
            store,
            true,
            spec -> harness,
            Clock.systemUTC(),
            new SessionSettings(4, 100, Duration.ofMinutes(30), 10_000, Duration.ofSeconds(15)));
    return new BuiltinSessions(workspace, worktrees, provider, service);
  }

  static Map<String, String> environment(FakeProvider provider, String wire) {
    Map<String, String> env = new HashMap<>();
    env.put("PATH", System.getenv("PATH"));
    env.put("ANTHROPIC_BASE_URL", provider.baseUrl().toString());
    env.put("ANTHROPIC_API_KEY", "sk-ant-test-key");
    env.put("OPENAI_BASE_URL", provider.openAiBaseUrl().toString());
    env.put("OPENAI_API_KEY", "sk-test-key");
    env.put("KXM_OPENAI_WIRE", wire.equals("chat") ? "chat" : "responses");
    return env;
  }

  static String model(String wire) {
    return wire.equals("anthropic") ? "anthropic/claude-sonnet-4-5" : "openai/gpt-5-codex";
  }

  /** A folder with notes.txt committed, as a workspace the agent may change. */
  static Path gitRepository(Path folder) throws Exception {
    return GitRepository.withOneCommit(folder, "notes.txt", "the notes say hello\n");
  }

  Session session(String wire) {
    return service.create(
        workspace.toString(), new HarnessSpec(HarnessSpec.BUILTIN, List.of()), model(wire));
  }

  SessionRun awaitEnd(String runId) {
    await().atMost(WAIT).until(() -> service.run(runId).status().isTerminal());
    return service.run(runId);
  }

  SessionRun awaitStatus(String runId, SessionRunStatus status) {
    await().atMost(WAIT).until(() -> service.run(runId).status() == status);
    return service.run(runId);
  }

  Interaction awaitPending(String runId) {
    await()
        .atMost(WAIT)
        .until(() -> service.interactions(runId).stream().anyMatch(BuiltinSessions::pending));
    return service.interactions(runId).stream()
        .filter(BuiltinSessions::pending)
        .findFirst()
        .orElseThrow();
  }

  private static boolean pending(Interaction interaction) {
    return Interaction.PENDING.equals(interaction.status());
  }

  List<SessionEvent> events(String runId) {
    return service.store().replay(StreamKey.run(runId), 0, 10_000);
  }

  List<String> types(String runId) {
    return events(runId).stream().map(SessionEvent::type).toList();
  }

  /** The data of the run's {@code tool.result} for the call {@code id}. */
  JsonNode toolResult(String runId, String id) {
    return events(runId).stream()
        .filter(e -> e.type().equals("tool.result"))
        .map(SessionEvent::data)
        .filter(d -> d.path("id").asString().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("run " + runId + " has no tool.result for " + id));
  }

  @Override
  public void close() {
    service.close();
    provider.close();
  }
}
