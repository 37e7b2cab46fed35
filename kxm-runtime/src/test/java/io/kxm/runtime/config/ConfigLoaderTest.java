package io.kxm.runtime.config;

import static io.kxm.runtime.config.ConfigTrees.starter;
import static io.kxm.runtime.config.ConfigTrees.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
  @TempDir Path root;

  private static final String WORKFLOW_HEAD =
      """
      apiVersion: kxm.workflow.v1
      id: review
      coordinator: coder
      steps:
      """;

  @Test
  void the_starter_tree_is_valid() {
    ConfigReport report = ConfigLoader.check(starter(root));

    assertThat(report.errors()).isEmpty();
    assertThat(report.files()).isEqualTo(6);
  }

  @Test
  void a_schema_violation_names_file_line_and_keyword() {
    starter(root);
    write(
        root,
        "agents/tester.yaml",
        """
        id: tester
        # a model must be provider/model
        model: sonnet
        purpose: Runs tests.
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(tuple(".kxm/agents/tester.yaml", 3, "$.model", "pattern"));
  }

  @Test
  void an_empty_key_is_reported_like_any_other_unknown_property() {
    starter(root);
    write(root, "project.yaml", "name: demo\ndefaultHarness: claude-code\n'': blue\n");

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::path, ConfigError::rule)
        .containsExactly(tuple("$['']", "additionalProperties"));
  }

  @Test
  void an_unknown_property_is_reported_on_its_own_line() {
    starter(root);
    write(root, "project.yaml", "name: demo\ndefaultHarness: claude-code\ncolour: blue\n");

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(tuple(3, "$.colour", "additionalProperties"));
  }

  @Test
  void an_unknown_step_type_is_refused_at_its_line() {
    starter(root);
    write(
        root,
        "workflows/review.yaml",
        WORKFLOW_HEAD
            + """
              - id: think
                type: ponder
            """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(tuple(".kxm/workflows/review.yaml", 6, "$.steps[0].type", "enum"));
  }

  @Test
  void dangling_agent_and_gate_references_and_duplicate_step_ids_are_all_reported() {
    starter(root);
    write(
        root,
        "workflows/review.yaml",
        WORKFLOW_HEAD
            + """
              - id: draft
                type: agent
                agent: ghost
                prompt: Draft it.
              - id: draft
                type: gate
                gate: lint
            """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(
            tuple(7, "$.steps[0].agent", "agent-exists"),
            tuple(9, "$.steps[1].id", "unique-step-id"),
            tuple(11, "$.steps[1].gate", "gate-exists"));
  }

  @Test
  void a_step_may_use_only_resources_its_workflow_declares() {
    starter(root);
    write(
        root,
        "workflows/review.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: review
        coordinator: coder
        resources:
          deploy-target:
            description: the staging deployment
            ttlMs: 3000
        steps:
          - id: ship
            type: gate
            gate: tests
            uses: [deploy-target, stagging]
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(tuple(12, "$.steps[0].uses[1]", "resource-exists"));
  }

  @Test
  void an_approval_step_holds_no_lease_and_a_lease_lasts_at_least_three_seconds() {
    starter(root);
    write(
        root,
        "workflows/review.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: review
        coordinator: coder
        resources:
          deploy:
            ttlMs: 500
        steps:
          - id: ok
            type: approval
            uses: [deploy]
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::path)
        .contains("$.resources.deploy.ttlMs", "$.steps[0].uses");
  }

  @Test
  void an_agent_answered_by_a_hub_agent_names_no_harness_of_its_own() {
    starter(root);
    write(
        root,
        "agents/reviewer.yaml",
        """
        id: reviewer
        model: anthropic/claude-sonnet-4-5
        purpose: Reviews the change.
        hubAgent: reviewer.one
        """);
    assertThat(ConfigLoader.check(root).errors()).isEmpty();

    write(
        root,
        "agents/reviewer.yaml",
        """
        id: reviewer
        model: anthropic/claude-sonnet-4-5
        purpose: Reviews the change.
        hubAgent: reviewer.one
        harness: codex
        """);
    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file)
        .containsOnly(".kxm/agents/reviewer.yaml")
        .isNotEmpty();
  }

  @Test
  void a_gate_step_may_not_name_an_agent() {
    starter(root);
    write(
        root,
        "workflows/review.yaml",
        WORKFLOW_HEAD
            + """
              - id: check
                type: gate
                gate: tests
                agent: coder
            """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path)
        .containsExactly(tuple(8, "$.steps[0].agent"));
  }

  @Test
  void every_step_type_is_accepted_when_well_formed() {
    starter(root);
    write(
        root, "agents/critic.yaml", "id: critic\nmodel: anthropic/claude-sonnet-4-5\npurpose: p\n");
    write(
        root,
        "workflows/review.yaml",
        WORKFLOW_HEAD
            + """
              - {id: a, type: agent, agent: coder, prompt: Go.}
              - {id: b, type: moa, agents: [coder, critic], aggregator: coder, prompt: Weigh.}
              - {id: c, type: approval, prompt: Ship it?, assignments: {allowedAgents: [critic]}}
              - {id: d, type: wait, timeoutMs: 60000}
              - {id: e, type: gate, gate: tests}
            """);

    assertThat(ConfigLoader.check(root).errors()).isEmpty();
  }

  @Test
  void garbage_that_is_not_yaml_is_reported_with_its_line() {
    starter(root);
    write(root, "agents/junk.yaml", "id: junk\nmodel: \"unterminated\npurpose: [x\n");

    assertThat(ConfigLoader.check(root).errors())
        .singleElement()
        .satisfies(e -> {
          assertThat(e.file()).isEqualTo(".kxm/agents/junk.yaml");
          assertThat(e.rule()).isEqualTo("yaml");
          assertThat(e.line()).isPositive();
          assertThat(e.message()).startsWith("not valid YAML");
        });
  }

  @Test
  void an_empty_file_and_a_bare_scalar_are_refused() {
    starter(root);
    write(root, "models/empty.yaml", "# nothing here\n");
    write(root, "roles/word.yaml", "just words\n");

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::line, ConfigError::rule)
        .containsExactly(
            tuple(".kxm/models/empty.yaml", 1, "not-empty"),
            tuple(".kxm/roles/word.yaml", 1, "type"));
  }

  @Test
  void an_agent_whose_role_is_not_in_the_roster_is_refused() {
    starter(root);
    write(root, "roles/reviewer.yaml", "id: reviewer\ndescription: Reviews.\n");
    write(
        root,
        "agents/coder.yaml",
        """
        id: coder
        harness: claude-code
        model: anthropic/claude-sonnet-4-5
        role: author
        purpose: Codes.
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(tuple(4, "$.role", "role-exists"));
  }

  @Test
  void a_symbolic_link_in_the_tree_is_refused() throws Exception {
    starter(root);
    Path outside = Files.writeString(root.resolve("elsewhere.yaml"), "id: x\n");
    Files.createDirectories(root.resolve(".kxm/models"));
    Files.createSymbolicLink(root.resolve(".kxm/models/linked.yaml"), outside);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::rule)
        .containsExactly(tuple(".kxm/models/linked.yaml", "no-symlink"));
  }

  @Test
  void files_and_folders_kxm_does_not_read_are_errors_each_named() {
    starter(root);
    write(root, "workflowz/deploy.yaml", "id: deploy\n");
    write(root, "workflowz/other.yaml", "id: other\n");
    write(root, "stray.yaml", "a: 1\n");
    write(root, "agents/notes.md", "notes\n");
    write(root, "agents/nested/deep.yaml", "id: deep\n");
    write(root, "memory/anything.md", "kept by memory's own reader\n");
    write(root, "state/kxm.db", "runtime data\n");

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::rule)
        .containsExactlyInAnyOrder(
            tuple(".kxm/workflowz/", "unknown-entry"),
            tuple(".kxm/stray.yaml", "unknown-entry"),
            tuple(".kxm/agents/notes.md", "unknown-entry"),
            tuple(".kxm/agents/nested/deep.yaml", "unknown-entry"));
  }

  @Test
  void a_kxm_folder_that_is_a_link_is_refused_without_reading_through_it() throws Exception {
    Path elsewhere = Files.createDirectories(root.resolve("elsewhere"));
    starter(elsewhere);
    Path project = Files.createDirectories(root.resolve("project"));
    Files.createSymbolicLink(project.resolve(".kxm"), elsewhere.resolve(".kxm"));

    assertThat(ConfigLoader.check(project).errors())
        .extracting(ConfigError::file, ConfigError::rule)
        .containsExactly(tuple(".kxm", "no-symlink"));
  }

  @Test
  void legacy_json_configuration_is_refused() {
    starter(root);
    write(root, "config/agents.json", "{}");

    ConfigReport report = ConfigLoader.check(root);

    assertThat(report.hasLegacyJson()).isTrue();
    assertThat(report.errors())
        .extracting(ConfigError::file, ConfigError::line, ConfigError::rule)
        .containsExactly(tuple(".kxm/config/agents.json", 0, "legacy-json-config"));
  }

  @Test
  void a_gate_that_runs_a_shell_is_refused() {
    starter(root);
    write(
        root,
        "gates.yaml",
        """
        gates:
          tests:
            argv: [bash, -c, "make test"]
          lint:
            argv:
              - "npm run lint"
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactlyInAnyOrder(
            tuple(3, "$.gates.tests.argv[0]", "gate-no-shell"),
            tuple(6, "$.gates.lint.argv[0]", "gate-no-shell"));
  }

  @Test
  void an_agent_on_a_route_routes_yaml_does_not_admit_is_refused() {
    starter(root);
    write(
        root,
        "agents/coder.yaml",
        """
        id: coder
        harness: codex
        model: openai/gpt-5
        purpose: Codes.
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::rule)
        .containsExactly(tuple(3, "route-admitted"));
  }

  @Test
  void errors_of_several_files_are_reported_in_one_run() {
    starter(root);
    write(root, "project.yaml", "name: Demo Project\n");
    write(root, "agents/a.yaml", "id: a\nid: b\n");
    write(root, "models/m.yaml", "id: x/y\n  bad: [\n");
    write(root, "roles/r.yaml", "id: r\n");

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::rule)
        .containsExactly(
            tuple(".kxm/agents/a.yaml", "duplicate-key"),
            tuple(".kxm/models/m.yaml", "yaml"),
            tuple(".kxm/project.yaml", "pattern"),
            tuple(".kxm/roles/r.yaml", "required"));
  }

  @Test
  void a_missing_project_file_is_an_error() {
    write(root, "agents/a.yaml", "id: a\nmodel: x/y\npurpose: p\nharness: pi\n");

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::rule)
        .containsExactly(tuple(".kxm/project.yaml", "required-file"));
  }
}
