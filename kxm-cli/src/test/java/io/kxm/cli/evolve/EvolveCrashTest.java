package io.kxm.cli.evolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The whole loop as a user runs it: {@code kxm evolve} as a child process over the shipped ARC
 * tasks, with the simulated producer, forum rounds and distilling over two generations, killed with
 * SIGKILL in the middle of the first generation and resumed.
 */
@DisabledOnOs(OS.WINDOWS)
class EvolveCrashTest {
  @TempDir Path dir;

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(EvolveCrashTest.class.getResource(name).toURI());
  }

  @Test
  void a_run_killed_mid_generation_resumes_repeating_no_attempt_and_seeds_bundles_forward()
      throws Exception {
    Path db = dir.resolve("evolve.db");
    Path hold = Files.createFile(dir.resolve("hold"));
    Path held = dir.resolve("hold.held");
    String[] args = {
      "evolve",
      resource("arc").toString(),
      "--db",
      db.toString(),
      "--producer",
      "simulated",
      "--population",
      "2",
      "--generations",
      "2",
      "--per-task-forum-rounds",
      "1",
      "--cross-task-forum-rounds",
      "1",
      "--forum-early-exit",
      "--distill",
      "--gate",
      "python3",
      "--gate",
      resource("hold-gate.py").toString(),
      "--gate",
      hold.toString(),
      "--gate",
      dir.resolve("gate-calls").toString(),
      "--json"
    };
    List<String> command = new ArrayList<>(List.of(ChildKxm.java()));
    command.addAll(ChildKxm.arguments(args));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(dir.resolve("first.out").toFile())
            .redirectError(dir.resolve("first.err").toFile());
    builder.environment().putAll(TestEnv.of(dir));
    Process first = builder.start();

    // the first attempt is committed and the second one's gate holds: kill the loop there
    await().atMost(Duration.ofSeconds(90)).until(() -> Files.exists(held) || !first.isAlive());
    assertThat(first.isAlive()).as("first run still running").isTrue();
    List<String> beforeKill =
        EvolveDatabase.rows(db, "SELECT attempt_key, entry_id, finished_at FROM evolve_attempt");
    assertThat(beforeKill).singleElement().asString().startsWith("g1/mirror-a/agent-1/1 ke_");
    List<ProcessHandle> gates = first.descendants().toList();
    first.destroyForcibly();
    first.waitFor();
    gates.forEach(ProcessHandle::destroyForcibly);
    Files.delete(hold);

    CliRun.Result resumed = CliRun.run(TestEnv.of(dir), dir, args);

    assertThat(resumed.exit()).as(resumed.err()).isZero();
    assertThat(resumed.err())
        .contains("generation 1 (resumed)")
        .contains("g1/mirror-a/agent-1/1: already finished, skipped");
    List<String> attempts =
        EvolveDatabase.rows(
            db, "SELECT attempt_key, entry_id, finished_at FROM evolve_attempt ORDER BY rowid");
    assertThat(attempts.getFirst()).isEqualTo(beforeKill.getFirst());
    assertThat(attempts)
        .extracting(row -> row.split(" ")[0])
        .containsExactlyInAnyOrder(
            "g1/mirror-a/agent-1/1",
            "g1/mirror-b/agent-2/1",
            "g1/swap-c/agent-1/1",
            "g2/mirror-b/agent-2/1",
            "g2/swap-c/agent-1/1");
    // one knowledge entry per attempt: nothing was recorded twice
    assertThat(
            EvolveDatabase.rows(db, "SELECT count(*) FROM knowledge WHERE entry_type = 'attempt'"))
        .containsExactly("5");

    // the second generation's stored seeds carry bundles distilled from the first generation
    List<String> seeds =
        EvolveDatabase.rows(db, "SELECT payload_json FROM evolve_seed WHERE generation = 2");
    assertThat(seeds).hasSize(2);
    for (String payload : seeds) {
      JsonNode bundles = Json.read(payload).path("bundles");
      assertThat(bundles.isEmpty()).as(payload).isFalse();
      for (JsonNode bundle : bundles) {
        assertThat(
                EvolveDatabase.rows(
                    db,
                    "SELECT entry_type, generation FROM knowledge WHERE id = '"
                        + bundle.path("entryId").asString()
                        + "'"))
            .containsExactly("distillation 1");
      }
    }
    assertThat(EvolveDatabase.rows(db, "SELECT count(*) FROM knowledge WHERE entry_type = 'post'"))
        .isNotEqualTo(List.of("0"));

    JsonNode summary = Json.read(resumed.out());
    assertThat(summary.path("solved").asInt()).isEqualTo(3);
    assertThat(summary.path("generations").get(1).path("solvedSoFar").asInt()).isEqualTo(3);
  }
}
