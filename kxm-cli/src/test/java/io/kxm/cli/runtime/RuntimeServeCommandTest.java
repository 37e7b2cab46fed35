package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.cli.Main;
import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorToken;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm runtime serve}: refusals before anything listens, and a real server process that
 * answers with its token and exits cleanly on SIGTERM.
 */
class RuntimeServeCommandTest {
  @TempDir Path dir;

  record Run(int exitCode, String out, String err) {}

  Run kxm(Map<String, String> extra, String... args) {
    Map<String, String> env = new HashMap<>(extra);
    env.put("KXM_STATE_HOME", dir.resolve("state").toString());
    env.put("HOME", dir.toString());
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = new Cli(env, dir, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void a_missing_file_or_linked_workspace_is_refused_and_nothing_is_created() throws Exception {
    Path file = Files.writeString(dir.resolve("notes.txt"), "x");
    Path folder = Files.createDirectories(dir.resolve("team"));
    Path link = Files.createSymbolicLink(dir.resolve("team-link"), folder);
    for (String workspace : List.of("missing", file.toString(), link.toString())) {
      Run serve = kxm(Map.of(), "runtime", "serve", "--workspace", workspace);
      assertThat(serve.exitCode()).isEqualTo(1);
      assertThat(serve.err()).startsWith("error: runtime_workspace_invalid: --workspace");
    }
    Run noWorkspace = kxm(Map.of(), "runtime", "serve");
    assertThat(noWorkspace.exitCode()).isEqualTo(2);
    assertThat(folder.resolve(".kxm-server")).doesNotExist();
    assertThat(dir.resolve("state")).doesNotExist();
  }

  @Test
  void a_non_loopback_bind_without_a_token_is_refused_before_anything_listens() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("team"));
    for (String bind : List.of("0.0.0.0:8420", "192.0.2.200")) {
      Run serve = kxm(Map.of(), "runtime", "serve", "--workspace", "team", "--bind", bind);
      assertThat(serve.exitCode()).isEqualTo(1);
      assertThat(serve.err())
          .startsWith("error: runtime_bind_requires_token:")
          .contains("KXM_RUNTIME_TOKEN", "--token-file");
    }
    Path shortToken = Files.writeString(dir.resolve("token"), "short");
    Run badFile =
        kxm(
            Map.of(),
            "runtime",
            "serve",
            "--workspace",
            "team",
            "--bind",
            "0.0.0.0",
            "--token-file",
            shortToken.toString());
    assertThat(badFile.err()).startsWith("error: config_invalid: --token-file");
    assertThat(folder.resolve(".kxm-server")).doesNotExist();
  }

  @Test
  void help_says_where_the_state_lives_and_what_the_bind_needs() {
    Run help = kxm(Map.of(), "runtime", "serve", "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.out())
        .contains(
            "--workspace",
            "--bind",
            "--token-file",
            "--json",
            ".kxm-server",
            "server_draining",
            "KXM_SESSION_IDLE_TTL_MS");
  }

  @Test
  void a_served_workspace_answers_with_its_own_token_and_stops_cleanly_on_sigterm()
      throws Exception {
    Path folder = Files.createDirectories(dir.resolve("team"));
    String java = ProcessHandle.current().info().command().orElse("java");
    ProcessBuilder builder =
        new ProcessBuilder(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName(),
            "runtime",
            "serve",
            "--workspace",
            folder.toString(),
            "--json");
    builder.environment().put("KXM_STATE_HOME", dir.resolve("state").toString());
    builder.environment().put("KXM_USER_CONFIG_DIR", dir.resolve("user-config").toString());
    builder.environment().put("KXM_SHUTDOWN_GRACE_MS", "2000");
    builder.redirectError(dir.resolve("serve.err").toFile());
    Process process = builder.start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      JsonNode started =
          Json.read(CompletableFuture.supplyAsync(() -> readLine(out)).get(60, TimeUnit.SECONDS));
      String url = started.get("url").asString();
      assertThat(url).startsWith("http://127.0.0.1:");
      assertThat(started.get("pid").asLong()).isEqualTo(process.pid());
      assertThat(started.get("workspace").asString()).isEqualTo(folder.toRealPath().toString());
      assertThat(started.get("tokenSource").asString()).isEqualTo("file");
      Path tokenFile = Path.of(started.get("tokenFile").asString());
      assertThat(tokenFile)
          .isEqualTo(folder.toRealPath().resolve(".kxm-server/runtime/supervisor.token"));
      String token = SupervisorToken.read(tokenFile).orElseThrow();

      try (HttpClient http = HttpClient.newHttpClient()) {
        HttpResponse<String> without =
            http.send(
                HttpRequest.newBuilder(URI.create(url + "/v1/sessions")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(without.statusCode()).isEqualTo(401);
        HttpResponse<String> with =
            http.send(
                HttpRequest.newBuilder(URI.create(url + "/v1/sessions"))
                    .header("Authorization", "Bearer " + token)
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(with.statusCode()).as(with.body()).isEqualTo(200);
        assertThat(Json.read(with.body()).path("sessions")).isEmpty();
      }
      assertThat(dir.resolve("state/runtime")).doesNotExist();

      process.toHandle().destroy();
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).isIn(0, 143);
      assertThat(Files.readString(folder.resolve(".kxm-server/runtime/logs/kxm-runtime.jsonl")))
          .contains("supervisor.stopped", "\"clean\":true");
    } finally {
      process.destroyForcibly();
    }
  }

  private static String readLine(BufferedReader out) {
    try {
      String line = out.readLine();
      if (line == null) {
        throw new IllegalStateException("kxm runtime serve exited before it printed its address");
      }
      return line;
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
