package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.core.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm runtime start --bind/--no-token}: refusals up front, options passed to the child. */
class RuntimeStartNetworkTest {
  @TempDir Path dir;

  record Run(int exitCode, String out, String err) {}

  Run kxm(Map<String, String> extra, String... args) {
    Map<String, String> env = new HashMap<>(extra);
    env.put("KXM_STATE_HOME", dir.resolve("state").toString());
    env.put("HOME", dir.toString());
    env.put("KXM_SHUTDOWN_GRACE_MS", "2000");
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = new Cli(env, dir, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new Run(code, out.toString(), err.toString());
  }

  @AfterEach
  void stop_any_supervisor_left() {
    kxm(Map.of(), "runtime", "stop");
  }

  @Test
  void no_token_with_a_non_loopback_bind_is_refused_before_a_child_starts() {
    for (String bind : new String[] {"0.0.0.0", "192.0.2.200"}) {
      Run start = kxm(Map.of(), "runtime", "start", "--no-token", "--bind", bind);
      assertThat(start.exitCode()).isEqualTo(1);
      assertThat(start.err()).startsWith("error: runtime_bind_requires_token:").contains(bind);
    }
    Run viaEnv = kxm(Map.of("KXM_RUNTIME_BIND", "0.0.0.0"), "runtime", "start", "--no-token");
    assertThat(viaEnv.err()).startsWith("error: runtime_bind_requires_token:");
    assertThat(Files.exists(dir.resolve("state/runtime/registry.db"))).isFalse();
  }

  @Test
  void bad_network_settings_are_refused_without_echoing_a_token() {
    Run name = kxm(Map.of(), "runtime", "start", "--bind", "my-laptop.example");
    assertThat(name.exitCode()).isEqualTo(1);
    assertThat(name.err()).startsWith("error: config_invalid: KXM_RUNTIME_BIND");
    String secret = "too-short-secret";
    Run token = kxm(Map.of("KXM_RUNTIME_TOKEN", secret), "runtime", "start");
    assertThat(token.err()).startsWith("error: config_invalid: KXM_RUNTIME_TOKEN");
    assertThat(token.err() + token.out()).doesNotContain(secret);
    Run origin = kxm(Map.of("KXM_ALLOWED_ORIGINS", "*"), "runtime", "start", "--foreground");
    assertThat(origin.err()).startsWith("error: config_invalid: KXM_ALLOWED_ORIGINS");
    assertThat(Files.exists(dir.resolve("state/runtime/registry.db"))).isFalse();
  }

  @Test
  void a_background_supervisor_started_with_no_token_answers_calls_without_one() throws Exception {
    Run start = kxm(Map.of(), "runtime", "start", "--no-token");
    assertThat(start.exitCode()).as(start.err()).isZero();
    assertThat(start.err()).contains("--no-token");
    JsonNode status = Json.read(kxm(Map.of(), "runtime", "status", "--json").out());
    String url = status.get("url").asString();
    assertThat(url).startsWith("http://127.0.0.1:");
    assertThat(status.get("tokenSource").asString()).isEqualTo("file");
    Run again = kxm(Map.of(), "runtime", "start", "--no-token");
    assertThat(again.out()).contains("already running at " + url);
    assertThat(again.err()).contains("keeps the settings it started with");

    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpResponse<String> health =
          http.send(
              HttpRequest.newBuilder(URI.create(url + "/health")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(Json.read(health.body()).get("tokenRequired").asBoolean(true)).isFalse();
      HttpResponse<String> call =
          http.send(
              HttpRequest.newBuilder(URI.create(url + "/v1/runs/run_1")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(call.statusCode()).isEqualTo(404);
      assertThat(Json.read(call.body()).path("error").path("code").asString())
          .isEqualTo("run_not_found");
    }
  }
}
