package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kxm runtime serve}: a runtime server over one workspace in a child JVM, with its state in
 * the workspace, idle sessions evicted from memory and loaded again from the store, reconciliation
 * at start and drain on SIGTERM.
 */
class ServeWorkspaceTest {
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path dir;

  @Test
  void an_idle_session_is_evicted_and_its_next_turn_sees_the_history_from_the_store()
      throws Exception {
    Path team = Files.createDirectories(dir.resolve("team"));
    Path app = GitRepository.withOneCommit(team.resolve("app"), "README.md", "an app\n");
    try (FakeProvider provider = FakeProvider.start()) {
      provider.when(
          Rule.whenLastMessageContains("colour", Turn.text("Noted: the colour is teal.")));
      provider.when(
          Rule.whenLastMessageContains("Which", Turn.text("You said teal.").withUsage(30, 4)));
      Map<String, String> env =
          Map.of(
              "ANTHROPIC_BASE_URL", provider.baseUrl().toString(),
              "ANTHROPIC_API_KEY", "sk-ant-test-key-for-the-fake",
              "KXM_SESSION_IDLE_TTL_MS", "1000");
      try (ChildSupervisor server = ChildSupervisor.serve(team, dir.resolve("user-state"), env)) {
        SessionCalls calls = new SessionCalls(server.url(), server.token());
        String session = builtinSession(server, app);
        String first = calls.submitted(session, "Remember the colour teal");
        assertThat(calls.replayAll(first).getLast().type()).isEqualTo("run.completed");

        await().atMost(WAIT).until(() -> !resident(server, session));
        assertThat(gauge(server)).isZero();

        // An open stream loads the session again and holds it while it is watched.
        try (SseClient watching =
            SseClient.open(server.url() + "/v1/sessions/" + session + "/events", server.token())) {
          assertThat(watching.status()).isEqualTo(200);
          assertThat(resident(server, session)).isTrue();
          assertThat(gauge(server)).isEqualTo(1);

          String second = calls.submitted(session, "Which one did I name?");
          assertThat(calls.replayAll(second).getLast().type()).isEqualTo("run.completed");
          assertThat(calls.run(second).path("run").path("finalMessage").asString())
              .isEqualTo("You said teal.");
          RecordedRequest asked = provider.requests().getLast();
          assertThat(asked.rawBody())
              .contains("Remember the colour teal", "Noted: the colour is teal.");
          assertThat(resident(server, session)).isTrue();
        }
        await().atMost(WAIT).until(() -> !resident(server, session));
        assertThat(gauge(server)).isZero();
      }
    }
    assertThat(dir.resolve("user-state/runtime")).doesNotExist();
  }

  @Test
  void a_server_hosts_only_its_workspace_and_keeps_its_state_apart_from_the_user_supervisor()
      throws Exception {
    Path team = Files.createDirectories(dir.resolve("team"));
    Path inside = Files.createDirectories(team.resolve("app"));
    Path outside = Files.createDirectories(dir.resolve("elsewhere/.kxm")).getParent();
    Path userState = dir.resolve("user-state");
    try (ChildSupervisor server = ChildSupervisor.serve(team, userState, Map.of());
        ChildSupervisor perUser = ChildSupervisor.start(userState, Map.of())) {
      assertThat(server.url()).isNotEqualTo(perUser.url());
      assertThat(server.token()).isNotEqualTo(perUser.token());
      SessionCalls calls = new SessionCalls(server.url(), server.token());
      assertThat(calls.createSession(inside, SessionCalls.echoAgent())).startsWith("ses_");

      Reply refused = createSession(server, outside);
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.code()).isEqualTo("outside_server_workspace");
      Reply project =
          SupervisorHttp.get(server.url() + "/v1/runs?projectRoot=" + outside, server.token());
      assertThat(project.status()).isEqualTo(403);
      assertThat(project.code()).isEqualTo("outside_server_workspace");
      Reply ownState = createSession(server, team.resolve(ServerWorkspace.STATE_FOLDER));
      assertThat(ownState.code()).isEqualTo("outside_server_workspace");

      // The per-user supervisor still hosts anywhere, and knows nothing of the server's sessions.
      SessionCalls user = new SessionCalls(perUser.url(), perUser.token());
      assertThat(user.createSession(outside, SessionCalls.echoAgent())).startsWith("ses_");
      Reply listed = SupervisorHttp.get(perUser.url() + "/v1/sessions", perUser.token());
      assertThat(listed.body().path("sessions")).hasSize(1);

      Path serverRuntime = team.resolve(ServerWorkspace.STATE_FOLDER).resolve("runtime");
      assertThat(serverRuntime.resolve("registry.db")).exists();
      assertThat(serverRuntime.resolve("sessions.db")).exists();
      assertThat(serverRuntime.resolve("supervisor.token")).exists();
      assertThat(Files.readString(userState.resolve("runtime/supervisor.token")).strip())
          .isEqualTo(perUser.token());
    }
  }

  @Test
  void a_restarted_server_interrupts_what_a_crash_left_running_and_drains_on_sigterm()
      throws Exception {
    Path team = Files.createDirectories(dir.resolve("team"));
    Path app = Files.createDirectories(team.resolve("app"));
    Path userState = dir.resolve("user-state");
    Map<String, String> env = Map.of("KXM_SHUTDOWN_GRACE_MS", "3000");
    String session;
    String crashed;
    try (ChildSupervisor server = ChildSupervisor.serve(team, userState, env)) {
      SessionCalls calls = new SessionCalls(server.url(), server.token());
      session = calls.createSession(app, DrainTest.NEVER_ENDS);
      crashed = calls.submitted(session, "work forever");
      await()
          .atMost(WAIT)
          .until(() -> calls.run(crashed).path("run").path("status").asString().equals("running"));
      server.crash();
    }
    try (ChildSupervisor server = ChildSupervisor.serve(team, userState, env)) {
      SessionCalls calls = new SessionCalls(server.url(), server.token());
      assertThat(calls.run(crashed).path("run").path("status").asString()).isEqualTo("interrupted");

      String active = calls.submitted(session, "work forever again");
      await()
          .atMost(WAIT)
          .until(() -> calls.run(active).path("run").path("status").asString().equals("running"));
      server.terminate();
      await()
          .atMost(Duration.ofSeconds(3))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> calls.submit(session, "one more").status() == 503);
      assertThat(calls.submit(session, "one more").code()).isEqualTo("server_draining");
      assertThat(server.awaitExit(60)).isTrue();
    }
    assertThat(userState.resolve("runtime")).doesNotExist();
  }

  @Test
  void a_server_on_every_interface_listens_on_the_given_port_with_the_configured_token()
      throws Exception {
    Path team = Files.createDirectories(dir.resolve("team"));
    int port;
    try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    String token = "team-token-" + "0123456789abcdef0123456789abcdef";
    Map<String, String> env =
        Map.of("KXM_TEST_BIND", "0.0.0.0:" + port, SupervisorCredential.ENV, token);
    try (ChildSupervisor server = ChildSupervisor.serve(team, dir.resolve("user-state"), env)) {
      assertThat(server.url()).isEqualTo("http://127.0.0.1:" + port);
      assertThat(SupervisorHttp.get(server.url() + "/v1/sessions", token).status()).isEqualTo(200);
      Reply wrong = SupervisorHttp.get(server.url() + "/v1/sessions", "x".repeat(40));
      assertThat(wrong.status()).isEqualTo(401);
      assertThat(team.resolve(".kxm-server/runtime/supervisor.token")).doesNotExist();
    }
  }

  private static String builtinSession(ChildSupervisor server, Path workspace) throws Exception {
    Reply created =
        SupervisorHttp.post(
            server.url() + "/v1/sessions",
            server.token(),
            Json.write(
                Map.of(
                    "workspaceRoot",
                    workspace.toString(),
                    "harness",
                    Map.of("type", "builtin", "argv", List.of()),
                    "model",
                    "anthropic/claude-sonnet-4-5")));
    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    return created.body().get("id").asString();
  }

  private static Reply createSession(ChildSupervisor server, Path workspace) throws Exception {
    return SupervisorHttp.post(
        server.url() + "/v1/sessions",
        server.token(),
        Json.write(
            Map.of(
                "workspaceRoot",
                workspace.toString(),
                "harness",
                Map.of("type", "command", "argv", SessionCalls.echoAgent()))));
  }

  private static boolean resident(ChildSupervisor server, String session) throws Exception {
    Reply shown = SupervisorHttp.get(server.url() + "/v1/sessions/" + session, server.token());
    assertThat(shown.status()).as(shown.body().toString()).isEqualTo(200);
    assertThat(shown.body().path("session").has("resident")).isTrue();
    return shown.body().path("session").path("resident").asBoolean();
  }

  private static double gauge(ChildSupervisor server) throws Exception {
    var response =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + "/metrics"))
                    .header("Authorization", "Bearer " + server.token())
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    Matcher m =
        Pattern.compile("(?m)^kxm_runtime_sessions_resident (\\S+)$").matcher(response.body());
    assertThat(m.find()).as(response.body()).isTrue();
    return Double.parseDouble(m.group(1));
  }
}
