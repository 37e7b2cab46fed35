package io.kxm.cli.agent.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.client.AgentConnection;
import io.kxm.client.AgentSpec;
import io.kxm.client.ConnectionSettings;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.SendRequest;
import io.kxm.hub.HubServer;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two workers on different harnesses, the real Claude Code CLI and the real Codex CLI, each talking
 * to a scripted model on loopback, behind a real hub and the real runtime supervisor; a third agent
 * asks each a question through the hub and gets the harness's answer back as the reply.
 */
// Past the 3-minute default: five JVMs (hub aside: supervisor, two workers, a kxm mcp per turn) and
// two Node CLIs start here, which takes minutes on a loaded machine.
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class WorkerHarnessesEndToEndTest {
  static final String CLAUDE_MODEL = "anthropic/claude-sonnet-4-5";
  static final String CODEX_MODEL = "openai/gpt-5-codex";

  @TempDir Path dir;
  FakeProvider anthropic;
  FakeProvider openai;
  HubServer hub;
  Map<String, String> env;
  Path workspace;
  AgentConnection asker;
  final List<Process> workers = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    Path claude = AgentClis.require("claude");
    Path codex = AgentClis.require("codex");
    anthropic = FakeProvider.start();
    openai = FakeProvider.start();
    // Claude Code may ask for a short title of the conversation on the side; answer it apart.
    anthropic.when(
        new Rule(
            "title",
            r -> r.lastMessageText().contains("Write the title"),
            Turn.text("A title").withUsage(0, 0)));
    anthropic.when(
        Rule.whenLastMessageContains(
            "capital of France", Turn.text("Paris, says Claude Code.").withUsage(40, 8)));
    openai.when(
        Rule.whenLastMessageContains(
            "largest planet", Turn.text("Jupiter, says Codex.").withUsage(30, 6)));
    hub = RealHub.start(dir.resolve("hub"));
    workspace = Files.createDirectories(dir.resolve("work"));
    Files.createDirectories(workspace.resolve(".kxm"));
    Files.writeString(
        workspace.resolve(".kxm/routes.yaml"),
        """
        routes:
          - harness: claude-code
            model: %s
          - harness: codex
            model: %s
        """
            .formatted(CLAUDE_MODEL, CODEX_MODEL));
    env = TestEnv.agent(dir, hub.baseUrl(), "unused");
    env.remove("KXM_AGENT_NAME");
    env.put(
        "PATH",
        claude.getParent()
            + File.pathSeparator
            + codex.getParent()
            + File.pathSeparator
            + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("ANTHROPIC_BASE_URL", anthropic.baseUrl().toString());
    env.put("ANTHROPIC_API_KEY", "sk-ant-test-key");
    env.put("CLAUDE_CODE_MAX_RETRIES", "0");
    env.put("OPENAI_BASE_URL", openai.openAiBaseUrl().toString());
    env.put("OPENAI_API_KEY", "sk-test-codex-key");
    // The supervisor the workers use, started first with the providers in its environment.
    CliRun.Result started = CliRun.run(env, workspace, "runtime", "start");
    assertThat(started.exit()).as(started.err()).isZero();
  }

  @AfterEach
  void stop() {
    for (Process worker : workers) {
      worker.descendants().forEach(ProcessHandle::destroyForcibly);
      worker.destroyForcibly();
    }
    if (asker != null) {
      asker.close();
    }
    if (env != null) {
      CliRun.run(env, workspace, "runtime", "stop");
    }
    if (hub != null) {
      hub.close();
    }
    if (anthropic != null) {
      anthropic.close();
    }
    if (openai != null) {
      openai.close();
    }
  }

  @Test
  void a_third_agent_gets_each_harnesses_answer_back_as_the_reply() throws Exception {
    // started side by side: each is a JVM that registers on the hub
    Process claudeWorker = worker("claude-worker", "claude-code", CLAUDE_MODEL);
    Process codexWorker = worker("codex-worker", "codex", CODEX_MODEL);
    WorkerFixture.awaitRegistered(env, dir, "claude-worker", claudeWorker);
    WorkerFixture.awaitRegistered(env, dir, "codex-worker", codexWorker);

    String toClaude = ask("claude-worker", "What is the capital of France?");
    String toCodex = ask("codex-worker", "What is the largest planet?");

    assertThat(awaitReply(toClaude).reply()).isEqualTo("Paris, says Claude Code.");
    assertThat(awaitReply(toCodex).reply()).isEqualTo("Jupiter, says Codex.");
    RecordedRequest claudeAsked = asked(anthropic, "capital of France");
    assertThat(claudeAsked.model()).isEqualTo("claude-sonnet-4-5");
    assertThat(claudeAsked.lastMessageText()).contains("Request " + toClaude + " from agent asker");
    RecordedRequest codexAsked = asked(openai, "largest planet");
    assertThat(codexAsked.model()).isEqualTo("gpt-5-codex");
    assertThat(codexAsked.lastMessageText()).contains("Request " + toCodex + " from agent asker");
    assertThat(openai.requests()).noneMatch(r -> r.lastMessageText().contains("capital of France"));
    assertThat(anthropic.requests()).noneMatch(r -> r.lastMessageText().contains("largest planet"));
  }

  private Process worker(String name, String harness, String model) throws Exception {
    Process process =
        WorkerFixture.spawnWorker(
            env,
            workspace,
            dir,
            name,
            List.of("--harness", harness, "--model", model, "--purpose", "answers questions"));
    workers.add(process);
    return process;
  }

  private String ask(String target, String question) {
    if (asker == null) {
      asker =
          AgentConnection.open(
              new ConnectionSettings(
                  URI.create(hub.baseUrl()),
                  "alpha",
                  TestEnv.ALPHA,
                  "the test",
                  new AgentSpec("asker", null, null, null)),
              Clock.systemUTC());
    }
    return asker
        .peers()
        .send(new SendRequest(target, question, null, null, null, null, null, false))
        .messageId();
  }

  private PeerMessage awaitReply(String id) {
    await()
        .atMost(Duration.ofMinutes(5))
        .until(() -> asker.peers().get(id).status() == MessageStatus.REPLIED);
    return asker.peers().get(id);
  }

  private static RecordedRequest asked(FakeProvider provider, String question) {
    return provider.requests().stream()
        .filter(r -> r.lastMessageText().contains(question))
        .findFirst()
        .orElseThrow(() -> new AssertionError("the model was never asked about " + question));
  }
}
