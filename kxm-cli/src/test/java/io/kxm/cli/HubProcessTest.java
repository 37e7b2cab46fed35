package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm hub start} in the background is a real child process; status and stop find it. */
class HubProcessTest {
  @TempDir Path dir;

  private Map<String, String> env() {
    return Map.of(
        "KXM_STATE_HOME", dir.resolve("state").toString(),
        "HOME", dir.toString(),
        "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }

  @AfterEach
  void stop_any_hub_left() {
    CliRun.run(env(), dir, "hub", "stop");
  }

  @Test
  void a_background_hub_is_reported_running_and_stops_on_request() {
    CliRun start = CliRun.run(env(), dir, "hub", "start", "--port", "0");
    assertThat(start.exitCode()).as(start.err()).isZero();
    assertThat(start.out()).startsWith("hub started at http://127.0.0.1:");

    CliRun status = CliRun.run(env(), dir, "hub", "status", "--json");
    assertThat(status.exitCode()).isZero();
    JsonNode json = Json.read(status.out());
    assertThat(json.get("status").asString()).isEqualTo("running");
    assertThat(json.get("healthy").asBoolean()).isTrue();
    long pid = json.get("pid").asLong();

    CliRun second = CliRun.run(env(), dir, "hub", "start", "--port", "0");
    assertThat(second.exitCode()).isEqualTo(1);
    assertThat(second.err()).startsWith("error: hub_already_running:");

    CliRun stop = CliRun.run(env(), dir, "hub", "stop");
    assertThat(stop.exitCode()).isZero();
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();

    CliRun after = CliRun.run(env(), dir, "hub", "status", "--json");
    assertThat(after.exitCode()).isEqualTo(1);
    assertThat(Json.read(after.out()).get("status").asString()).isEqualTo("stopped");
  }

  @Test
  void a_hub_that_cannot_start_reports_why_from_its_console() {
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("KXM_HOST", "0.0.0.0");

    CliRun start = CliRun.run(env, dir, "hub", "start", "--port", "0");

    assertThat(start.exitCode()).isEqualTo(1);
    assertThat(start.err()).contains("bind_requires_admin_token");
  }
}
