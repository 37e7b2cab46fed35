package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.core.json.Json;
import io.kxm.supervisor.HealthProof;
import io.kxm.supervisor.SupervisorToken;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm runtime start} runs the supervisor as a real child process; status and stop find it.
 */
class RuntimeProcessTest {
  @TempDir Path dir;

  record Run(int exitCode, String out, String err) {}

  Map<String, String> env() {
    return Map.of(
        "KXM_STATE_HOME", dir.resolve("state").toString(),
        "HOME", dir.toString(),
        "KXM_SHUTDOWN_GRACE_MS", "2000",
        "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }

  Run kxm(String... args) {
    return kxm(env(), args);
  }

  Run kxm(Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = new Cli(env, dir, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new Run(code, out.toString(), err.toString());
  }

  @AfterEach
  void stop_any_supervisor_left() {
    kxm("runtime", "stop");
  }

  @Test
  void a_background_supervisor_reports_its_url_pid_and_token_file_and_stops_on_request()
      throws Exception {
    Run start = kxm("runtime", "start");
    assertThat(start.exitCode()).as(start.err()).isZero();
    assertThat(start.out()).startsWith("runtime supervisor started at http://127.0.0.1:");

    Run status = kxm("runtime", "status", "--json");
    assertThat(status.exitCode()).as(status.err()).isZero();
    JsonNode json = Json.read(status.out());
    assertThat(json.get("status").asString()).isEqualTo("running");
    long pid = json.get("pid").asLong();
    assertThat(pid).isNotEqualTo(ProcessHandle.current().pid());
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
    Path tokenFile = Path.of(json.get("tokenFile").asString());
    assertThat(Files.getPosixFilePermissions(tokenFile))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    String token = SupervisorToken.read(tokenFile).orElseThrow();
    assertThat(status.out()).doesNotContain(token);
    assertThat(SupervisorProbe.verified(json.get("url").asString(), token)).isTrue();
    assertThat(HealthProof.NONCE.pattern()).isNotBlank();

    Run second = kxm("runtime", "start");
    assertThat(second.exitCode()).isZero();
    assertThat(second.out()).contains("already running at " + json.get("url").asString());

    Run foreground = kxm("runtime", "start", "--foreground");
    assertThat(foreground.exitCode()).isEqualTo(1);
    assertThat(foreground.err()).startsWith("error: runtime_already_running:");

    Run stop = kxm("runtime", "stop");
    assertThat(stop.exitCode()).as(stop.err()).isZero();
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();

    Run after = kxm("runtime", "status", "--json");
    assertThat(after.exitCode()).isEqualTo(1);
    assertThat(Json.read(after.out()).get("status").asString()).isEqualTo("stopped");

    Run again = kxm("runtime", "stop");
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).startsWith("error: runtime_not_running:").contains("next:");
  }

  @Test
  void status_shows_each_provider_setting_with_its_source_and_a_bad_provider_file_refuses_start()
      throws Exception {
    Path file = Files.createDirectories(dir.resolve(".config/kxm")).resolve("providers.yaml");
    Files.writeString(file, "openai:\n  baseUrl: http://127.0.0.1:9/v1\n  wire: chat\n");
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("OPENAI_API_KEY", "sk-proj-startcommandkey0123456789");
    Run start = kxm(env, "runtime", "start");
    assertThat(start.exitCode()).as(start.err()).isZero();

    Run status = kxm("runtime", "status");
    assertThat(status.exitCode()).as(status.err()).isZero();
    assertThat(status.out())
        .contains("providers: the start command's environment, then " + file)
        .containsPattern("OPENAI_BASE_URL +file +http://127\\.0\\.0\\.1:9/v1")
        .containsPattern("OPENAI_API_KEY +environment +set")
        .containsPattern("KXM_OPENAI_WIRE +file +chat")
        .containsPattern("ANTHROPIC_BASE_URL +default +https://api\\.anthropic\\.com")
        .doesNotContain("startcommandkey");
    JsonNode json = Json.read(kxm("runtime", "status", "--json").out());
    assertThat(json.path("providers").path("settings"))
        .anySatisfy(s -> {
          assertThat(s.path("variable").asString()).isEqualTo("OPENAI_BASE_URL");
          assertThat(s.path("source").asString()).isEqualTo("file");
        });
    assertThat(kxm("runtime", "stop").exitCode()).isZero();

    Files.writeString(file, "openai:\n  baseURL: http://127.0.0.1:9/v1\n");
    Run refused = kxm("runtime", "start");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).contains("config_invalid").contains(file.toString());
  }

  @Test
  void stop_refuses_a_grace_that_is_not_a_number_and_leaves_the_supervisor_running() {
    Run start = kxm("runtime", "start");
    assertThat(start.exitCode()).as(start.err()).isZero();
    long pid = Json.read(kxm("runtime", "status", "--json").out()).get("pid").asLong();

    Map<String, String> bad = new HashMap<>(env());
    bad.put("KXM_SHUTDOWN_GRACE_MS", "soon");
    Run stop = kxm(bad, "runtime", "stop");

    assertThat(stop.exitCode()).isEqualTo(1);
    assertThat(stop.err())
        .startsWith("error: config_invalid: KXM_SHUTDOWN_GRACE_MS")
        .contains("from 0 to 600000", "'soon'");
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
  }
}
