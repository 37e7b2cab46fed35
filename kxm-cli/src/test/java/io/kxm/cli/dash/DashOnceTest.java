package io.kxm.cli.dash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.session.SessionSupervisor;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.hub.HubServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm dash --once} and the refusal without a terminal, in-process over real services. */
class DashOnceTest {
  @TempDir Path dir;

  private HubServer hub;
  private SessionSupervisor supervisor;
  private Map<String, String> env;

  @BeforeEach
  void start() throws Exception {
    hub = RealHub.start(dir.resolve("hub"));
    supervisor = SessionSupervisor.start(dir.resolve("machine"));
    env = new HashMap<>(supervisor.env());
    env.put("KXM_SERVER_URL", "http://127.0.0.1:" + hub.port());
    env.put("KXM_AUTH_TOKEN", TestEnv.ADMIN);
  }

  @AfterEach
  void stop() {
    supervisor.close();
    hub.close();
  }

  private SessionSupervisor.Done dash(Map<String, String> with, String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "dash";
    System.arraycopy(args, 0, all, 1, args.length);
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    int exit =
        new io.kxm.cli.Cli(
                with,
                supervisor.workspace(),
                new java.io.PrintWriter(out, true),
                new java.io.PrintWriter(err, true))
            .run(all);
    return new SessionSupervisor.Done(exit, out.toString(), err.toString());
  }

  @Test
  void once_json_lists_a_waiting_interaction_of_a_session_run() {
    String sessionId = supervisor.newEchoSession();
    String runId =
        supervisor
            .kxm("session", "run", sessionId, "--json", "please approve this")
            .json()
            .path("id")
            .asString();

    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> {
          SessionSupervisor.Done once = dash(env, "--once", "--json");
          assertThat(once.exit()).as(once.err()).isZero();
          JsonNode waiting = once.json().path("waiting");
          assertThat(waiting).as(once.out()).hasSize(1);
          assertThat(waiting.get(0).path("runId").asString()).isEqualTo(runId);
          assertThat(waiting.get(0).path("kind").asString()).isEqualTo("approval");
          assertThat(waiting.get(0).path("asked").asString()).isEqualTo("tool write_file");
        });
    JsonNode once = dash(env, "--once", "--json").json();
    assertThat(once.path("supervisor").asString()).startsWith("http://127.0.0.1:");
    assertThat(once.path("runs").toString()).contains(runId).contains("session " + sessionId);
  }

  @Test
  void once_shows_who_holds_which_paths() {
    io.kxm.cli.support.CliRun.Result reserved =
        io.kxm.cli.support.CliRun.run(
            TestEnv.agent(dir, "http://127.0.0.1:" + hub.port(), "bob"),
            dir,
            "reserve",
            "--paths",
            "src/api/**,README.md",
            "--mode",
            "shared");
    assertThat(reserved.exit()).as(reserved.err()).isZero();

    JsonNode reservations = dash(env, "--once", "--json").json().path("reservations");
    assertThat(reservations).hasSize(1);
    assertThat(reservations.get(0).path("holderName").asString()).isEqualTo("bob");
    SessionSupervisor.Done text = dash(env, "--once");
    assertThat(text.out())
        .contains("Reserved (1)")
        .containsPattern("bob +shared +src/api/\\*\\* README.md");
  }

  @Test
  void once_text_names_each_panel_and_without_a_token_says_the_hub_is_not_read() {
    Map<String, String> noToken = new HashMap<>(env);
    noToken.remove("KXM_AUTH_TOKEN");

    SessionSupervisor.Done once = dash(noToken, "--once");

    assertThat(once.exit()).as(once.err()).isZero();
    assertThat(once.out())
        .contains("kxm dash  hub not read")
        .contains("Agents (0)")
        .contains("Waiting (0)")
        .contains("problem: hub: not read; set KXM_AUTH_TOKEN");
  }

  @Test
  void without_a_terminal_the_live_screen_is_refused_with_exit_2_pointing_at_once() {
    SessionSupervisor.Done live = dash(env);

    assertThat(live.exit()).isEqualTo(2);
    assertThat(live.out()).isEmpty();
    assertThat(live.err()).contains("needs a terminal").contains("kxm dash --once");
  }

  @Test
  void json_without_once_is_a_usage_error() {
    assertThat(dash(env, "--json").exit()).isEqualTo(2);
  }
}
