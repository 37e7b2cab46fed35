package io.kxm.cli.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.core.json.Json;
import io.kxm.testkit.GitRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The active runs in the session-start brief, from a real runtime supervisor. */
class SessionStartRunsTest {
  @TempDir Path dir;
  Path repo;

  Map<String, String> env() {
    Map<String, String> env = new HashMap<>();
    env.put("KXM_STATE_HOME", dir.resolve("state").toString());
    env.put("HOME", dir.toString());
    env.put("KXM_SHUTDOWN_GRACE_MS", "2000");
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    // No hub: the brief says so and goes on with the runs.
    env.put("KXM_SERVER_URL", "http://127.0.0.1:1");
    env.put("KXM_PROJECT", "alpha");
    return env;
  }

  CliRun.Result kxm(String... args) {
    return CliRun.run(env(), repo, args);
  }

  @BeforeEach
  void repository() throws Exception {
    repo = Files.createDirectories(dir.resolve("repo"));
    Process git =
        new ProcessBuilder("git", "init", "-q", repo.toString()).redirectErrorStream(true).start();
    assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(kxm("init").exit()).isZero();
    GitRepository.commitAll(repo, "starter");
  }

  @AfterEach
  void stop() {
    kxm("runtime", "stop");
  }

  @Test
  void a_run_that_has_not_ended_is_listed_and_the_runtime_is_not_started_when_absent() {
    CliRun.Result before = kxm("hook", "session-start", "--json");
    assertThat(Json.read(before.out()).path("runs").path("note").asString())
        .isEqualTo("the runtime is not running");
    assertThat(dir.resolve("state/runtime/registry.db")).doesNotExist();

    CliRun.Result created = kxm("run", "example", "Add a greeting", "--json");
    assertThat(created.exit()).as(created.err()).isZero();
    String runId = Json.read(created.out()).path("runId").asString();

    CliRun.Result json = kxm("hook", "session-start", "--json");
    CliRun.Result text = kxm("hook", "session-start");

    JsonNode runs = Json.read(json.out()).path("runs");
    assertThat(runs.path("active").asLong()).isEqualTo(1);
    assertThat(runs.path("shown").get(0).path("runId").asString()).isEqualTo(runId);
    assertThat(runs.path("shown").get(0).path("workflowId").asString()).isEqualTo("example");
    assertThat(text.exit()).isZero();
    assertThat(text.out())
        .contains("kxm: 1 active run(s):")
        .contains("  - " + runId + " example created");
  }
}
