package io.kxm.cli.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.knowledge.Bundles;
import io.kxm.knowledge.KnowledgeDatabase;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm evolve} and {@code kxm evolve report} in-process, over the shipped ARC tasks. */
class EvolveCliTest {
  @TempDir Path dir;

  private Map<String, String> env() {
    return TestEnv.of(dir);
  }

  private static String arc() throws URISyntaxException {
    return Path.of(EvolveCliTest.class.getResource("arc").toURI()).toString();
  }

  private CliRun.Result evolve(String db, String... extra) throws URISyntaxException {
    List<String> args =
        new ArrayList<>(
            List.of("evolve", arc(), "--db", db, "--producer", "simulated", "--population", "2"));
    args.addAll(List.of(extra));
    return CliRun.run(env(), dir, args.toArray(String[]::new));
  }

  @Test
  void report_prints_each_generation_as_a_table_and_json_and_draws_the_svg() throws Exception {
    CliRun.Result run =
        evolve("e.db", "--generations", "2", "--cross-task-forum-rounds", "1", "--distill");
    assertThat(run.exit()).as(run.err()).isZero();

    CliRun.Result table = CliRun.run(env(), dir, "evolve", "report", "--db", "e.db");
    CliRun.Result json =
        CliRun.run(env(), dir, "evolve", "report", "--db", "e.db", "--json", "--plot", "curve.svg");

    assertThat(table.exit()).isZero();
    assertThat(table.out())
        .contains("3 of 3 tasks solved")
        .containsPattern("\\s+2\\s+done\\s+2\\s+2\\s");
    JsonNode body = Json.read(json.out());
    assertThat(body.path("tasks").asInt()).isEqualTo(3);
    assertThat(body.path("generations")).hasSize(2);
    assertThat(body.path("generations").get(0).path("solvedTasks").asInt()).isEqualTo(1);
    assertThat(body.path("generations").get(1).path("solvedTasks").asInt()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("curve.svg")))
        .startsWith("<?xml")
        .contains("<polyline");
  }

  @Test
  void progress_goes_to_stderr_and_the_summary_to_stdout() throws Exception {
    CliRun.Result run = evolve("e.db", "--json");

    assertThat(run.exit()).isZero();
    assertThat(run.err())
        .contains("generation 1: 3 tasks [mirror-a, mirror-b, swap-c]")
        .contains("g1/mirror-a/agent-1/1: success, score 1.00, solved")
        .contains("generation 1 done: 3 attempts");
    assertThat(Json.read(run.out()).path("solved").asInt()).isEqualTo(1);
  }

  @Test
  void a_seed_bundle_from_another_run_lets_the_first_generation_solve_more() throws Exception {
    assertThat(evolve("donor.db", "--generations", "2", "--distill").exit()).isZero();
    try (KnowledgeDatabase donor = KnowledgeDatabase.open(dir.resolve("donor.db"))) {
      Bundles.write(Bundles.export(donor, null), dir.resolve("bundle.json"));
    }

    CliRun.Result plain = evolve("plain.db", "--json");
    CliRun.Result seeded = evolve("seeded.db", "--seed-bundle", "bundle.json", "--json");

    assertThat(Json.read(plain.out()).path("solved").asInt()).isEqualTo(1);
    assertThat(seeded.err())
        .containsPattern("seed bundle .*bundle.json: [1-9][0-9]* entries added");
    assertThat(Json.read(seeded.out()).path("solved").asInt()).isEqualTo(3);
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void a_command_harness_makes_the_attempts_as_real_agent_turns() throws Exception {
    Path agent = Path.of(EvolveCliTest.class.getResource("mirror-agent.py").toURI());
    Map<String, String> env = env();
    env.put("PATH", System.getenv("PATH"));

    CliRun.Result run =
        CliRun.run(
            env,
            dir,
            "evolve",
            arc(),
            "--db",
            "h.db",
            "--producer",
            "command",
            "--harness-arg",
            "python3",
            "--harness-arg",
            agent.toString(),
            "--json");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.err())
        .contains("g1/mirror-a/agent-1/1: success, score 1.00, solved")
        .contains("g1/swap-c/agent-1/1: success, score 0.00");
    assertThat(Json.read(run.out()).path("solved").asInt()).isEqualTo(2);
  }

  @Test
  void an_invalid_task_is_refused_with_its_code_naming_task_and_field() throws Exception {
    Files.writeString(
        dir.resolve("bad.json"),
        "{\"t1\":{\"train\":[{\"input\":[[1,2],[3]],\"output\":[[1]]}],\"test\":[{\"input\":[[1]]}]}}");

    CliRun.Result run =
        CliRun.run(env(), dir, "evolve", "bad.json", "--producer", "simulated", "--db", "x.db");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains("error: evolve_tasks_invalid:")
        .contains("task 't1': train[0].input");
    assertThat(dir.resolve("x.db")).doesNotExist();
  }

  @Test
  void usage_errors_exit_two_and_a_missing_run_is_named() throws Exception {
    CliRun.Result noProducer = CliRun.run(env(), dir, "evolve", arc());
    CliRun.Result badProducer = CliRun.run(env(), dir, "evolve", arc(), "--producer", "oracle");
    CliRun.Result noArgv = CliRun.run(env(), dir, "evolve", arc(), "--producer", "command");
    CliRun.Result noRun = CliRun.run(env(), dir, "evolve", "report", "--db", "none.db");
    CliRun.Result help = CliRun.run(env(), dir, "evolve", "--help");

    assertThat(noProducer.exit()).isEqualTo(2);
    assertThat(noProducer.err()).contains("missing --producer");
    assertThat(badProducer.exit()).isEqualTo(2);
    assertThat(badProducer.err()).contains("neither 'simulated' nor a harness type");
    assertThat(noArgv.exit()).isEqualTo(2);
    assertThat(noArgv.err()).contains("--harness-arg");
    assertThat(noRun.exit()).isEqualTo(1);
    assertThat(noRun.err()).contains("error: evolve_run_not_found:");
    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("--per-task-forum-rounds", "--seed-bundle", "report");
  }
}
