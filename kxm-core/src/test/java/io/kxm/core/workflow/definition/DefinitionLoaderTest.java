package io.kxm.core.workflow.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.journal.ImprovementArea;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DefinitionLoaderTest {
  @TempDir Path folder;

  static String release() {
    try (InputStream in = DefinitionLoaderTest.class.getResourceAsStream("release.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<DefinitionError> errors(Map<String, String> sources) {
    try {
      DefinitionLoader.parse(sources);
    } catch (WorkflowDefinitionsInvalidException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.WORKFLOW_DEFINITION_INVALID);
      return e.errors();
    }
    throw new AssertionError("the definitions loaded");
  }

  @Test
  void a_folder_of_json_files_loads_into_the_model() throws IOException {
    Files.writeString(folder.resolve("release.json"), release());
    Files.writeString(folder.resolve("notes.txt"), "not a definition");

    WorkflowDefinitions loaded = DefinitionLoader.load(folder);

    assertThat(loaded.size()).isEqualTo(1);
    WorkflowDefinitions.Loaded release = loaded.find("release-check").orElseThrow();
    WorkflowDefinition definition = release.definition();
    assertThat(release.file()).isEqualTo("release.json");
    assertThat(definition.replayWindowSeconds()).isEqualTo(120);
    assertThat(definition.allowUntimestampedSignatures()).isFalse();
    assertThat(definition.stages())
        .extracting(StageDefinition::id)
        .containsExactly("implement", "review", "merge");
    StageDefinition implement = definition.firstStage();
    assertThat(implement.requiredEvidence()).containsExactly("unit tests", "diff summary");
    assertThat(implement.area()).isEqualTo(ImprovementArea.IMPLEMENTATION);
    StageDefinition review = definition.stage("review").orElseThrow();
    assertThat(review.policyFor("review").orElseThrow().quorum()).isEqualTo(2);
    assertThat(review.edgeFor(CheckpointStatus.FAILED).orElseThrow().to()).isEqualTo("implement");
    assertThat(definition.after("merge")).isEmpty();
  }

  @Test
  void the_example_in_the_documentation_loads() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "workflow-definitions.md"));
    int start = doc.indexOf("```json\n") + "```json\n".length();
    String example = doc.substring(start, doc.indexOf("```", start));

    WorkflowDefinitions loaded = DefinitionLoader.parse(Map.of("doc.json", example));

    assertThat(loaded.find("release-check")).isPresent();
  }

  @Test
  void an_error_line_reads_file_path_message_and_rule() {
    List<DefinitionError> errors =
        errors(
            Map.of("review.json", release().replace("\"maxAttempts\": 2", "\"maxAttempts\": 0")));

    assertThat(errors.getFirst().toString())
        .isEqualTo(
            "review.json: $.stages[1].maxAttempts: " + errors.getFirst().message() + " [minimum]");
  }

  @Test
  void a_missing_folder_holds_no_definitions() {
    assertThat(DefinitionLoader.load(folder.resolve("absent")).size()).isZero();
  }

  @Test
  void every_error_of_every_file_is_reported_at_once_with_file_path_and_rule() {
    Map<String, String> sources = new LinkedHashMap<>();
    sources.put("broken.json", "{ not json");
    sources.put(
        "shape.json",
        release()
            .replace("\"maxAttempts\": 3", "\"maxAttempts\": 0")
            .replace("\"area\": \"gates\"", "\"area\": \"marketing\"")
            .replace("\"coordinator\": \"lead\",", "\"coordinator\": \"lead\", \"colour\": 1,"));

    List<DefinitionError> errors = errors(sources);

    assertThat(errors)
        .anySatisfy(e -> {
          assertThat(e.file()).isEqualTo("broken.json");
          assertThat(e.rule()).isEqualTo("json");
        });
    assertThat(errors)
        .anySatisfy(e -> {
          assertThat(e.file()).isEqualTo("shape.json");
          assertThat(e.path()).isEqualTo("$.stages[0].maxAttempts");
          assertThat(e.rule()).isEqualTo("minimum");
        });
    assertThat(errors)
        .anySatisfy(e -> {
          assertThat(e.path()).isEqualTo("$.stages[1].area");
          assertThat(e.rule()).isEqualTo("enum");
        });
    assertThat(errors)
        .anySatisfy(e -> {
          assertThat(e.path()).isEqualTo("$.colour");
          assertThat(e.rule()).isEqualTo("additionalProperties");
        });
    assertThat(errors).hasSizeGreaterThanOrEqualTo(4);
  }

  @Test
  void rules_between_parts_are_checked_after_the_schema() {
    String text =
        release()
            .replace("\"to\": \"implement\"", "\"to\": \"nowhere\"")
            .replace("\"quorum\": 2", "\"quorum\": 4")
            .replace("\"carol\"]", "\"Lead\"]")
            .replace("\"autoResumeLimit\": 2", "\"autoResumeLimit\": 3")
            .replace("Run {{run.id}}", "Run {{run.secret}}")
            .replace("\"review\": {\"producers\"", "\"reviews\": {\"producers\"");

    List<DefinitionError> errors = errors(Map.of("rules.json", text));

    assertThat(errors)
        .extracting(DefinitionError::rule)
        .contains(
            "known-stage",
            "quorum-within-producers",
            "coordinator-not-producer",
            "below-max-attempts",
            "template",
            "required-evidence");
    assertThat(errors).allSatisfy(e -> assertThat(e.toString()).startsWith("rules.json: $"));
  }

  @Test
  void a_workflow_id_defined_twice_names_the_earlier_file() {
    List<DefinitionError> errors = errors(Map.of("a.json", release(), "b.json", release()));

    assertThat(errors)
        .singleElement()
        .satisfies(e -> {
          assertThat(e.rule()).isEqualTo("unique-workflow-id");
          assertThat(e.message()).containsAnyOf("a.json", "b.json");
        });
  }

  @Test
  void the_message_of_the_exception_lists_each_problem_on_its_own_line() {
    assertThatThrownBy(() -> DefinitionLoader.parse(Map.of("x.json", "{}")))
        .hasMessageContaining("x.json: $")
        .hasMessageContaining("required");
  }
}
