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
  void stop_refuses_a_grace_out_of_range_and_leaves_the_hub_running() {
    CliRun start = CliRun.run(env(), dir, "hub", "start", "--port", "0");
    assertThat(start.exitCode()).as(start.err()).isZero();
    long pid =
        Json.read(CliRun.run(env(), dir, "hub", "status", "--json").out()).get("pid").asLong();
    Map<String, String> bad = new java.util.HashMap<>(env());
    bad.put("KXM_SHUTDOWN_GRACE_MS", "-1");

    CliRun stop = CliRun.run(bad, dir, "hub", "stop");

    assertThat(stop.exitCode()).isEqualTo(1);
    assertThat(stop.err())
        .startsWith("error: config_invalid: KXM_SHUTDOWN_GRACE_MS")
        .contains("from 0 to 3600000", "'-1'");
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
  }

  @Test
  void a_hub_that_cannot_start_reports_why_from_its_console() {
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("KXM_HOST", "0.0.0.0");

    CliRun start = CliRun.run(env, dir, "hub", "start", "--port", "0");

    assertThat(start.exitCode()).isEqualTo(1);
    assertThat(start.err()).contains("bind_requires_admin_token");
  }

  @Test
  void a_failed_start_reports_its_own_lines_and_the_real_code_of_an_unreachable_redis() {
    Map<String, String> exposed = new java.util.HashMap<>(env());
    exposed.put("KXM_HOST", "0.0.0.0");
    assertThat(CliRun.run(exposed, dir, "hub", "start", "--port", "0").exitCode()).isEqualTo(1);
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("KXM_REDIS_URL", "redis://127.0.0.1:1");

    CliRun start = CliRun.run(env, dir, "hub", "start", "--port", "0");

    assertThat(start.exitCode()).isEqualTo(1);
    assertThat(start.err())
        .startsWith(
            "error: redis_unreachable: could not open live fan-out through Redis at"
                + " redis://127.0.0.1:1")
        .contains("next: Start Redis")
        // The earlier start's failure is in the console log, but not in this start's report.
        .doesNotContain("bind_requires_admin_token")
        .doesNotContain("this is a bug");
  }

  @Test
  void a_start_against_a_postgres_that_does_not_answer_says_so_and_promises_no_retry() {
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("KXM_DATABASE_URL", "postgresql://kxm:secret@127.0.0.1:1/kxm");

    CliRun start = CliRun.run(env, dir, "hub", "start", "--port", "0");

    assertThat(start.exitCode()).isEqualTo(1);
    assertThat(start.err())
        .startsWith("error: store_unreachable:")
        .contains("next: Start PostgreSQL")
        .doesNotContain("retries by itself")
        .doesNotContain("secret");
  }

  @Test
  void status_on_postgres_reports_the_database_without_its_password_and_no_sqlite_path() {
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("KXM_DATABASE_URL", "postgresql://kxm:secret@db.local:5432/kxm?password=secret");
    env.put("KXM_DATABASE_SCHEMA", "team_a");

    CliRun status = CliRun.run(env, dir, "hub", "status", "--json");

    JsonNode json = Json.read(status.out());
    assertThat(json.path("store").asString()).isEqualTo("postgres");
    assertThat(json.has("dataPath")).isFalse();
    assertThat(json.path("postgres").path("url").asString())
        .startsWith("jdbc:postgresql://db.local:5432/kxm");
    assertThat(json.path("postgres").path("user").asString()).isEqualTo("kxm");
    assertThat(json.path("postgres").path("schema").asString()).isEqualTo("team_a");
    assertThat(status.out()).doesNotContain("secret");

    JsonNode sqlite = Json.read(CliRun.run(env(), dir, "hub", "status", "--json").out());
    assertThat(sqlite.path("store").asString()).isEqualTo("sqlite");
    assertThat(sqlite.path("dataPath").asString()).endsWith("kxm.db");
  }
}
