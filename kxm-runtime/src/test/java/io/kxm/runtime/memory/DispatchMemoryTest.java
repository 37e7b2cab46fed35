package io.kxm.runtime.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.OutboxRow;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.testkit.SettableClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Runs dispatched by the runtime, in a real Git repository: agents get the memory brief only when
 * memory and skills are committed, clean and match the run's pin; otherwise the run records a gap.
 */
class DispatchMemoryTest {
  private static final String MEMORY = ".kxm/memory/conventions.md";

  @TempDir Path tmp;
  private Path root;
  private ProjectRuntime runtime;
  private final List<String> prompts = new CopyOnWriteArrayList<>();

  @BeforeEach
  void a_committed_project_with_memory_and_a_promoted_skill() throws Exception {
    root = Files.createDirectories(tmp.resolve("repo"));
    StarterConfig.write(root, false);
    Files.writeString(
        root.resolve(".kxm/gates.yaml"),
        """
        gates:
          tests:
            description: Always passes.
            argv: ["true"]
            timeoutMs: 30000
        """);
    write(MEMORY, "---\nname: conventions\ndescription: Code rules\n---\nRecords, not beans.\n");
    write(".kxm/skills/release.md", "---\nname: release\ndescription: Releasing\n---\nTag it.\n");
    Skills.promote(root, "release");
    git("init", "-q", "-b", "main");
    commitAll("project");
    AgentProducer recorder =
        (request, cancelled) -> {
          prompts.add(request.prompt());
          return new AgentProducer.ProducerResult.Answered("done");
        };
    runtime =
        ProjectRuntime.open(
            new StatePaths(Files.createDirectories(tmp.resolve("state"))),
            root,
            SettableClock.atEpochSecond(1_800_000_000L),
            recorder,
            new SimulatedProducer(),
            new ProcessGateExecutor());
  }

  @AfterEach
  void close() {
    runtime.close();
  }

  @Test
  void committed_clean_memory_matching_the_pin_reaches_the_agent() {
    RunSummary run = runtime.create("example", "add a changelog");

    assertThat(runtime.drive(run.runId(), false).run().run().status()).isEqualTo("completed");

    assertThat(prompts)
        .singleElement()
        .asString()
        .startsWith("# Project memory")
        .contains("Records, not beans.")
        .contains("## Skill: release")
        .endsWith("add a changelog");
    JsonNode event = briefed(run.runId());
    assertThat(event.path("included").asBoolean()).isTrue();
    assertThat(event.path("memoryRevision").asString())
        .isEqualTo(io.kxm.runtime.config.RevisionHasher.current(root).memory());
  }

  @Test
  void a_modified_memory_file_is_left_out_and_the_gap_recorded() throws IOException {
    write(MEMORY, "---\nname: conventions\ndescription: Code rules\n---\nAnything goes.\n");
    RunSummary run = runtime.create("example", "add a changelog");

    assertThat(runtime.drive(run.runId(), false).run().run().status()).isEqualTo("completed");

    assertThat(prompts)
        .singleElement()
        .asString()
        .doesNotContain("Project memory")
        .doesNotContain("Anything goes.")
        .contains("add a changelog");
    JsonNode event = briefed(run.runId());
    assertThat(event.path("included").asBoolean()).isFalse();
    assertThat(event.path("reason").asString()).startsWith("dirty: ").contains(MEMORY);
  }

  @Test
  void an_uncommitted_memory_file_is_left_out_and_the_gap_recorded() throws IOException {
    write(".kxm/memory/new.md", "---\nname: new\ndescription: Not reviewed\n---\nSecret plan.\n");
    RunSummary run = runtime.create("example", "add a changelog");

    runtime.drive(run.runId(), false);

    assertThat(prompts).singleElement().asString().doesNotContain("Secret plan.");
    assertThat(briefed(run.runId()).path("reason").asString())
        .startsWith("not_committed: ")
        .contains(".kxm/memory/new.md");
  }

  @Test
  void memory_committed_after_the_pin_is_left_out_and_the_run_still_runs() throws Exception {
    RunSummary run = runtime.create("example", "add a changelog");
    write(MEMORY, "---\nname: conventions\ndescription: Code rules\n---\nChanged later.\n");
    commitAll("change memory");

    assertThat(runtime.drive(run.runId(), false).run().run().status()).isEqualTo("completed");

    assertThat(prompts).singleElement().asString().doesNotContain("Changed later.");
    JsonNode event = briefed(run.runId());
    assertThat(event.path("included").asBoolean()).isFalse();
    assertThat(event.path("reason").asString()).startsWith("revision_changed: ");
  }

  @Test
  void a_promoted_skill_edited_and_committed_before_the_run_is_briefed_without_it()
      throws Exception {
    write(".kxm/skills/release.md", "---\nname: release\ndescription: Releasing\n---\nForce.\n");
    commitAll("edit the skill without promoting it again");
    RunSummary run = runtime.create("example", "add a changelog");

    runtime.drive(run.runId(), false);

    assertThat(prompts)
        .singleElement()
        .asString()
        .contains("Records, not beans.")
        .doesNotContain("Force.")
        .doesNotContain("## Skill: release");
    assertThat(briefed(run.runId()).path("included").asBoolean()).isTrue();
  }

  @Test
  void a_project_without_memory_records_nothing_about_it() throws Exception {
    git("rm", "-q", "-r", ".kxm/memory", ".kxm/skills");
    commitAll("no memory");
    RunSummary run = runtime.create("example", "add a changelog");

    runtime.drive(run.runId(), false);

    // the agent's role, the step's prompt and the run's: no memory section
    assertThat(prompts)
        .singleElement()
        .asString()
        .startsWith("# Your role\n\nYou are the agent 'coder'")
        .endsWith("\n\n" + starterPrompt() + "add a changelog")
        .doesNotContain("# Project memory");
    assertThat(events(run.runId())).extracting(OutboxRow::type).doesNotContain("memory.briefed");
  }

  private static String starterPrompt() {
    return "Do what the run's prompt asks, then summarise what you changed.\n\n";
  }

  private JsonNode briefed(String runId) {
    List<OutboxRow> rows =
        events(runId).stream().filter(r -> r.type().equals("memory.briefed")).toList();
    assertThat(rows).hasSize(1);
    return rows.getFirst().data();
  }

  private List<OutboxRow> events(String runId) {
    return new ArrayList<>(
        runtime.pending(1_000).stream().filter(r -> r.runId().equals(runId)).toList());
  }

  private void write(String relative, String text) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private void commitAll(String message) throws Exception {
    git("add", "-A");
    git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", message);
  }

  private void git(String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of("git"));
    argv.addAll(List.of(args));
    Process p = new ProcessBuilder(argv).directory(root.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
  }
}
