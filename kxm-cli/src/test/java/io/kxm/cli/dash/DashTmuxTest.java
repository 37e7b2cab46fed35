package io.kxm.cli.dash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.session.SessionSupervisor;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.client.HubHttp;
import io.kxm.hub.HubServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm dash} in a real terminal: a child JVM in a detached 80x24 tmux session, over a real
 * hub on port 0 and a real supervisor with its own state folder. Keys go in with send-keys and the
 * screen is read with capture-pane; what a key changed is checked in the supervisor's store.
 */
class DashTmuxTest {
  @TempDir Path dir;

  private HubServer hub;
  private SessionSupervisor supervisor;
  private Tmux tmux;

  @BeforeEach
  void start() throws Exception {
    Tmux.require();
    hub = RealHub.start(dir.resolve("hub"));
    supervisor = SessionSupervisor.start(dir.resolve("machine"));
    Map<String, String> env = new HashMap<>(supervisor.env());
    env.put("KXM_SERVER_URL", hubUrl());
    env.put("KXM_AUTH_TOKEN", TestEnv.ADMIN);
    env.put("USER", "dash-operator");
    List<String> argv =
        List.of(
            ProcessHandle.current().info().command().orElse("java"),
            "-cp",
            System.getProperty("java.class.path"),
            "io.kxm.cli.Main",
            "dash",
            "--refresh-ms",
            "200");
    tmux = Tmux.start(supervisor.workspace(), env, argv, 80, 24);
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> assertThat(tmux.capture()).contains("kxm dash").contains("seq"));
  }

  @AfterEach
  void stop() {
    if (tmux != null) {
      tmux.close();
    }
    if (supervisor != null) {
      supervisor.close();
    }
    if (hub != null) {
      hub.close();
    }
  }

  private String hubUrl() {
    return "http://127.0.0.1:" + hub.port();
  }

  private void register(String name) {
    try (HubHttp http = new HubHttp(URI.create(hubUrl()), TestEnv.ALPHA)) {
      http.post(
          "/v1/projects/alpha/agents",
          Map.of(),
          Map.of("name", name, "purpose", "Shows up on the dash."));
    }
  }

  @Test
  void a_new_agent_shows_within_a_second_of_registering() {
    // the first agent warms the child JVM's read path; the second is the one timed
    register("warm-up-agent");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(tmux.capture()).contains("warm-up-agent"));

    register("dash-newcomer");

    await()
        .atMost(Duration.ofSeconds(1))
        .untilAsserted(() -> assertThat(tmux.capture()).contains("dash-newcomer"));
    String screen = tmux.capture();
    keep("agents", screen);
    assertThat(screen).contains("alpha").contains("Shows up on the dash.");
    assertThat(screen.lines())
        .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
  }

  @Test
  void the_approve_key_resolves_the_selected_waiting_interaction_and_the_run_goes_on() {
    String sessionId = supervisor.newEchoSession();
    SessionSupervisor.Done queued =
        supervisor.kxm("session", "run", sessionId, "--json", "please approve this");
    assertThat(queued.exit()).as(queued.err()).isZero();
    String runId = queued.json().path("id").asString();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> "pending".equals(interaction(runId).path("status").asString()));

    tmux.keys("5");
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() ->
            assertThat(tmux.capture())
                .contains("[5 Waiting]")
                .contains("RUN / INTERACTION / KIND / ASKED  (1)")
                .contains(runId.substring(0, 16))
                .contains("approval"));
    keep("waiting", tmux.capture());
    tmux.keys("o");
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() ->
            assertThat(tmux.capture())
                .contains("events of " + runId)
                .contains("run.approval.required"));
    keep("events", tmux.capture());
    tmux.keys("o");
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(tmux.capture()).contains("event stream closed"));
    tmux.keys("a");

    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> {
          JsonNode interaction = interaction(runId);
          assertThat(interaction.path("status").asString()).isEqualTo("resolved");
          assertThat(interaction.path("answer").path("approved").asBoolean(false)).isTrue();
        });
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> {
          JsonNode run = supervisor.kxm("runs", "status", runId, "--json").json().path("run");
          assertThat(run.path("status").asString()).isEqualTo("completed");
          assertThat(run.path("finalMessage").asString()).startsWith("approved");
        });
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(tmux.capture()).contains("approve ").contains("resolved"));
  }

  /** Keeps a screen under target/dash-screens/ for a person to look at. */
  private static void keep(String name, String screen) {
    try {
      Path folder = Path.of("target", "dash-screens");
      java.nio.file.Files.createDirectories(folder);
      java.nio.file.Files.writeString(folder.resolve(name + ".txt"), screen);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private JsonNode interaction(String runId) {
    SessionSupervisor.Done status = supervisor.kxm("runs", "status", runId, "--json");
    assertThat(status.exit()).as(status.err()).isZero();
    return status.json().path("interactions").path(0);
  }
}
