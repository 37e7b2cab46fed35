package io.kxm.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.policy.ToolPolicies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionTokenCommandTest {
  @TempDir Path dir;

  Map<String, String> env() {
    return TestEnv.of(dir);
  }

  CliRun.Result kxm(Map<String, String> env, String... args) {
    return CliRun.run(env, dir, args);
  }

  @Test
  void issue_writes_a_signed_owner_only_token_that_status_then_reports() throws Exception {
    var issued =
        kxm(
            env(),
            "session",
            "token",
            "--issue",
            "--preset",
            "read-only",
            "--deny",
            "inbox",
            "--ttl",
            "2h");
    var status = kxm(env(), "session", "token", "--status", "--json");

    Path file = ToolPolicies.sessionTokenFile(env());
    assertThat(issued.exit()).isZero();
    assertThat(issued.out())
        .contains("session token saved to " + file, "preset read-only; deny inbox");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    var json = Json.read(status.out());
    assertThat(json.path("state").asString()).isEqualTo("restricted");
    assertThat(json.path("tools").path("kxm_send").asString()).isEqualTo("denied");
    assertThat(json.path("tools").path("kxm_inbox").asString()).isEqualTo("denied");
    assertThat(json.path("tools").path("kxm_get").asString()).isEqualTo("allowed");
  }

  @Test
  void clear_removes_the_token_and_every_tool_runs_again() {
    kxm(env(), "session", "token", "--issue", "--allow", "kxm_list");

    var cleared = kxm(env(), "session", "token", "--clear");
    var again = kxm(env(), "session", "token", "--clear");
    var status = kxm(env(), "session", "token", "--status");

    assertThat(cleared.out()).startsWith("removed ");
    assertThat(again.out()).startsWith("no session token at ");
    assertThat(status.out()).startsWith("no tool policy: every kxm tool may run");
  }

  @Test
  void a_forged_token_blocks_every_tool_and_status_says_how_to_clear_it() {
    kxm(env(), "session", "token", "--issue", "--preset", "read-only");
    Map<String, String> env = env();
    env.put("KXM_SESSION_TOKEN", "eyJmb3JnZWQiOnRydWV9.c2lnbmF0dXJl");

    var status = kxm(env, "session", "token", "--status");
    var json = Json.read(kxm(env, "session", "token", "--status", "--json").out());

    assertThat(status.out())
        .startsWith("every kxm tool is blocked: the token in KXM_SESSION_TOKEN is not usable")
        .contains("Unset KXM_SESSION_TOKEN");
    assertThat(json.path("tools").path("kxm_list").asString()).isEqualTo("denied");
  }

  @Test
  void a_token_in_the_environment_is_noted_because_it_wins_over_the_file() {
    Map<String, String> env = env();
    env.put("KXM_SESSION_TOKEN", "anything");

    var issued = kxm(env, "session", "token", "--issue");

    assertThat(issued.err()).contains("note: KXM_SESSION_TOKEN is set in this environment");
  }

  @Test
  void wrong_usage_exits_2() {
    assertThat(kxm(env(), "session", "token").exit()).isEqualTo(2);
    assertThat(kxm(env(), "session", "token", "--issue", "--clear").exit()).isEqualTo(2);
    assertThat(kxm(env(), "session", "token", "--status", "--deny", "send").exit()).isEqualTo(2);
    assertThat(kxm(env(), "session", "token", "--issue", "--preset", "writer").err())
        .contains("unknown preset 'writer'");
    assertThat(kxm(env(), "session", "token", "--issue", "--ttl", "400d").err())
        .contains("outside 1s to 365d");
  }
}
