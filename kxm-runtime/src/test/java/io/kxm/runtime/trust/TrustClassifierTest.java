package io.kxm.runtime.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.kxm.runtime.config.ConfigTree;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The classification rules on plain snapshots, without Git. */
class TrustClassifierTest {
  private static final String PROJECT =
      "name: demo\ndescription: A demo.\ndefaultHarness: claude-code\n";
  private static final String ROUTES =
      "routes:\n  - harness: claude-code\n    model: anthropic/claude-sonnet-4-5\n";
  private static final String GATES =
      "gates:\n  tests:\n    argv: [\"git\", \"diff\", \"--check\"]\n";
  private static final String WORKFLOW =
      """
      apiVersion: kxm.workflow.v1
      id: example
      coordinator: coder
      steps:
        - id: implement
          type: agent
          agent: coder
          prompt: Do it.
        - id: check
          type: gate
          gate: tests
      """;

  private final Map<String, String> base = new HashMap<>();
  private final Map<String, String> current = new HashMap<>();

  private List<TrustChange> diff() {
    return TrustClassifier.diff(snapshot(base), snapshot(current));
  }

  private static ConfigTree snapshot(Map<String, String> files) {
    Map<String, ConfigTree.Content> out = new HashMap<>();
    files.forEach(
        (k, v) -> out.put(k, new ConfigTree.Content(v.getBytes(StandardCharsets.UTF_8), false)));
    return new ConfigTree(out);
  }

  private void both(String file, String text) {
    base.put(file, text);
    current.put(file, text);
  }

  @Test
  void identical_trees_have_no_changes() {
    both("project.yaml", PROJECT);
    both("routes.yaml", ROUTES);

    assertThat(diff()).isEmpty();
  }

  @Test
  void a_new_route_widens_and_a_removed_route_narrows() {
    base.put("routes.yaml", ROUTES);
    current.put("routes.yaml", "routes:\n  - harness: codex\n    model: openai/gpt-5\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::path)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.WIDENING, "route-admitted", "$.routes[codex + openai/gpt-5]"),
            tuple(
                TrustEffect.NARROWING,
                "route-removed",
                "$.routes[claude-code + anthropic/claude-sonnet-4-5]"));
  }

  @Test
  void changing_the_default_route_is_neutral_since_it_must_be_listed() {
    base.put("routes.yaml", ROUTES);
    current.put(
        "routes.yaml",
        ROUTES + "default:\n  harness: claude-code\n  model: anthropic/claude-sonnet-4-5\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::path)
        .containsExactly(tuple(TrustEffect.NEUTRAL, "route-default-changed", "$.default"));
  }

  @Test
  void deleting_routes_yaml_admits_every_route_and_adding_it_narrows() {
    base.put("routes.yaml", ROUTES);
    assertThat(diff()).extracting(TrustChange::change).containsExactly("routes-undeclared");
    assertThat(diff().get(0).effect()).isEqualTo(TrustEffect.WIDENING);

    base.clear();
    current.put("routes.yaml", ROUTES);
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.NARROWING, "routes-declared"));
  }

  @Test
  void a_changed_gate_argv_and_a_new_gate_widen_a_shorter_timeout_narrows() {
    base.put("gates.yaml", GATES + "    timeoutMs: 600000\n");
    current.put(
        "gates.yaml",
        "gates:\n  tests:\n    argv: [\"make\", \"test\"]\n    timeoutMs: 60000\n"
            + "  lint:\n    argv: [\"make\", \"lint\"]\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::path)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.WIDENING, "gate-argv-changed", "$.gates.tests.argv"),
            tuple(TrustEffect.NARROWING, "limit-lowered", "$.gates.tests.timeoutMs"),
            tuple(TrustEffect.WIDENING, "gate-added", "$.gates.lint"));
    TrustChange argv =
        diff().stream()
            .filter(c -> c.change().equals("gate-argv-changed"))
            .findFirst()
            .orElseThrow();
    assertThat(argv.before()).isEqualTo("[\"git\",\"diff\",\"--check\"]");
    assertThat(argv.after()).isEqualTo("[\"make\",\"test\"]");
  }

  @Test
  void turning_a_gate_or_route_sandbox_off_widens_and_on_narrows() {
    String boxedGates = GATES + "    sandbox: true\n";
    String commandRoute = "routes:\n  - harness: command\n    model: local/echo\n";
    String boxedRoute = commandRoute + "    sandbox: true\n";
    base.put("gates.yaml", GATES);
    base.put("routes.yaml", commandRoute);
    current.put("gates.yaml", boxedGates);
    current.put("routes.yaml", boxedRoute);

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::path)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.NARROWING, "sandbox-on", "$.gates.tests.sandbox"),
            tuple(TrustEffect.NARROWING, "sandbox-on", "$.routes[command + local/echo].sandbox"));

    base.put("gates.yaml", boxedGates);
    base.put("routes.yaml", boxedRoute);
    current.put("gates.yaml", GATES);
    current.put("routes.yaml", commandRoute);
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::reason)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.WIDENING, "sandbox-off", "gate tests runs outside the sandbox"),
            tuple(
                TrustEffect.WIDENING,
                "sandbox-off",
                "route command + local/echo runs outside the sandbox"));
  }

  @Test
  void turning_an_agent_sandbox_off_widens_and_on_narrows() {
    both("project.yaml", PROJECT);
    String agent = "id: coder\nmodel: anthropic/claude-sonnet-4-5\npurpose: Codes.\n";
    base.put("agents/coder.yaml", agent);
    current.put("agents/coder.yaml", agent + "sandbox: true\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::path)
        .containsExactly(tuple(TrustEffect.NARROWING, "sandbox-on", "$.sandbox"));

    base.put("agents/coder.yaml", agent + "sandbox: true\n");
    current.put("agents/coder.yaml", agent);
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::reason)
        .containsExactly(
            tuple(TrustEffect.WIDENING, "sandbox-off", "the agent runs outside the sandbox"));
  }

  @Test
  void a_gate_timeout_raised_from_the_default_widens() {
    base.put("gates.yaml", GATES);
    current.put("gates.yaml", GATES + "    timeoutMs: 3600000\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::reason)
        .containsExactly(
            tuple(
                TrustEffect.WIDENING,
                "limit-raised",
                "gate tests timeout (ms) raised from 600000 to 3600000"));
  }

  @Test
  void a_new_agent_widens_and_a_purpose_change_is_neutral() {
    both("project.yaml", PROJECT);
    base.put(
        "agents/coder.yaml", "id: coder\nmodel: anthropic/claude-sonnet-4-5\npurpose: Codes.\n");
    current.put(
        "agents/coder.yaml",
        "id: coder\nmodel: anthropic/claude-sonnet-4-5\npurpose: Codes well.\n");
    current.put("agents/fixer.yaml", "id: fixer\nmodel: openai/gpt-5\npurpose: Fixes.\n");

    assertThat(diff())
        .extracting(TrustChange::file, TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(".kxm/agents/coder.yaml", TrustEffect.NEUTRAL, "purpose-changed"),
            tuple(".kxm/agents/fixer.yaml", TrustEffect.WIDENING, "agent-added"));
  }

  @Test
  void an_agent_on_another_model_or_losing_its_role_widens() {
    base.put(
        "agents/coder.yaml",
        "id: coder\nmodel: anthropic/claude-sonnet-4-5\nrole: dev\npurpose: Codes.\n");
    current.put("agents/coder.yaml", "id: coder\nmodel: openai/gpt-5\npurpose: Codes.\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.WIDENING, "agent-route-changed"),
            tuple(TrustEffect.WIDENING, "agent-role-removed"));
  }

  @Test
  void a_role_granting_more_tools_or_routes_widens() {
    base.put(
        "roles/dev.yaml",
        "id: dev\ndescription: Devs.\ntools: [read]\nroutes:\n"
            + "  - harness: claude-code\n    model: anthropic/claude-sonnet-4-5\n");
    current.put(
        "roles/dev.yaml",
        "id: dev\ndescription: Developers.\ntools: [read, shell]\nroutes:\n"
            + "  - harness: claude-code\n    model: anthropic/claude-sonnet-4-5\n"
            + "  - harness: codex\n    model: openai/gpt-5\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.NEUTRAL, "description-changed"),
            tuple(TrustEffect.WIDENING, "role-tools-granted"),
            tuple(TrustEffect.WIDENING, "role-route-admitted"));
  }

  @Test
  void an_agent_tool_list_narrows_when_added_widens_when_it_grows_or_goes() {
    String agent = "id: coder\nmodel: openai/gpt-5\npurpose: Codes.\n";
    base.put("agents/coder.yaml", agent);
    current.put("agents/coder.yaml", agent + "allowedTools: [read]\n");
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.NARROWING, "agent-tools-listed"));

    base.put("agents/coder.yaml", agent + "allowedTools: [read]\n");
    current.put("agents/coder.yaml", agent + "allowedTools: [read, write]\n");
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::after)
        .containsExactly(tuple(TrustEffect.WIDENING, "agent-tools-granted", "\"write\""));

    current.put("agents/coder.yaml", agent);
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.WIDENING, "agent-tools-unlisted"));
  }

  @Test
  void emptying_a_role_routes_widens_and_giving_it_routes_narrows() {
    String listed =
        "id: dev\ndescription: Devs.\nroutes:\n  - harness: codex\n    model: openai/gpt-5\n";
    base.put("roles/dev.yaml", listed);
    current.put("roles/dev.yaml", "id: dev\ndescription: Devs.\nroutes: []\n");
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.WIDENING, "role-routes-unrestricted"));

    base.put("roles/dev.yaml", "id: dev\ndescription: Devs.\n");
    current.put("roles/dev.yaml", listed);
    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.NARROWING, "role-routes-restricted"));
  }

  @Test
  void a_raised_run_limit_widens_and_a_description_is_neutral() {
    base.put("project.yaml", PROJECT);
    current.put(
        "project.yaml",
        "name: demo\ndescription: Another.\ndefaultHarness: claude-code\n"
            + "limits:\n  maxConcurrentRuns: 4\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::reason)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.NEUTRAL, "description-changed", "a description changed"),
            tuple(TrustEffect.WIDENING, "limit-raised", "concurrent runs raised from 1 to 4"));
  }

  @Test
  void workflow_steps_that_run_gates_or_give_agents_work_widen_and_approvals_narrow() {
    base.put("workflows/example.yaml", WORKFLOW);
    current.put(
        "workflows/example.yaml",
        WORKFLOW
            + """
              - id: lint
                type: gate
                gate: lint
              - id: signoff
                type: approval
                prompt: Merge?
            """);

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::path)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.WIDENING, "step-added", "$.steps[lint]"),
            tuple(TrustEffect.NARROWING, "human-step-added", "$.steps[signoff]"));
  }

  @Test
  void removing_a_gate_step_widens_and_a_prompt_edit_is_neutral() {
    base.put("workflows/example.yaml", WORKFLOW);
    current.put(
        "workflows/example.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: example
        coordinator: coder
        steps:
          - id: implement
            type: agent
            agent: coder
            prompt: Do it carefully.
        """);

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.WIDENING, "check-removed"),
            tuple(TrustEffect.NEUTRAL, "prompt-changed"));
  }

  @Test
  void a_step_given_to_another_agent_or_reordered_widens() {
    base.put("workflows/example.yaml", WORKFLOW);
    current.put(
        "workflows/example.yaml",
        """
        apiVersion: kxm.workflow.v1
        id: example
        coordinator: coder
        steps:
          - id: check
            type: gate
            gate: tests
          - id: implement
            type: agent
            agent: fixer
            prompt: Do it.
        """);

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(TrustEffect.WIDENING, "step-agent-changed"),
            tuple(TrustEffect.WIDENING, "steps-reordered"));
  }

  @Test
  void any_price_change_widens() {
    base.put(
        "prices.yaml", "anthropic/claude-sonnet-4-5:\n  inputPerMTok: 3\n  outputPerMTok: 15\n");
    current.put(
        "prices.yaml", "anthropic/claude-sonnet-4-5:\n  inputPerMTok: 1\n  outputPerMTok: 15\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change, TrustChange::path)
        .containsExactly(
            tuple(
                TrustEffect.WIDENING,
                "price-changed",
                "$.anthropic/claude-sonnet-4-5.inputPerMTok"));
  }

  @Test
  void unknown_files_unknown_fields_and_unparseable_files_widen() {
    current.put("webhooks/deploy.json", "{}");
    base.put("project.yaml", PROJECT);
    current.put("project.yaml", PROJECT + "sandbox: off\n");
    base.put("gates.yaml", GATES);
    current.put("gates.yaml", "gates: &a\n  tests: *a\n");

    assertThat(diff())
        .extracting(TrustChange::file, TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(".kxm/webhooks/deploy.json", TrustEffect.WIDENING, "unclassified-file"),
            tuple(".kxm/project.yaml", TrustEffect.WIDENING, "unknown-field"),
            tuple(".kxm/gates.yaml", TrustEffect.WIDENING, "unreadable-file"));
  }

  @Test
  void memory_is_neutral_skills_widen_and_comment_only_edits_are_neutral() {
    current.put("memory/style.md", "Use tabs.\n");
    current.put("skills/review/SKILL.md", "Review the diff.\n");
    base.put("routes.yaml", ROUTES);
    current.put("routes.yaml", "# the only route\n" + ROUTES);

    assertThat(diff())
        .extracting(TrustChange::file, TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(".kxm/memory/style.md", TrustEffect.NEUTRAL, "memory-changed"),
            tuple(".kxm/skills/review/SKILL.md", TrustEffect.WIDENING, "skill-changed"),
            tuple(".kxm/routes.yaml", TrustEffect.NEUTRAL, "layout-changed"));
  }

  @Test
  void values_that_cannot_be_read_as_limits_lists_or_mappings_widen() {
    base.put("project.yaml", PROJECT + "limits:\n  maxConcurrentRuns: 2\n");
    current.put("project.yaml", PROJECT + "limits:\n  maxConcurrentRuns: lots\n");
    base.put("routes.yaml", ROUTES);
    current.put("routes.yaml", "routes: any\n");
    base.put("gates.yaml", GATES);
    current.put("gates.yaml", "just text\n");

    assertThat(diff())
        .extracting(TrustChange::file, TrustChange::effect, TrustChange::change)
        .containsExactlyInAnyOrder(
            tuple(".kxm/project.yaml", TrustEffect.WIDENING, "limit-unreadable"),
            tuple(".kxm/routes.yaml", TrustEffect.WIDENING, "unreadable-list"),
            tuple(".kxm/gates.yaml", TrustEffect.WIDENING, "unreadable-file"));
  }

  @Test
  void a_reordered_agent_list_is_neutral() {
    String moa =
        "apiVersion: kxm.workflow.v1\nid: pair\ncoordinator: coder\nsteps:\n"
            + "  - id: both\n    type: moa\n    aggregator: coder\n    prompt: Compare.\n"
            + "    agents: ";
    base.put("workflows/pair.yaml", moa + "[coder, fixer]\n");
    current.put("workflows/pair.yaml", moa + "[fixer, coder]\n");

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.NEUTRAL, "step-agents-reordered"));
  }

  @Test
  void a_difference_no_rule_names_still_widens() {
    // two steps with one id: the rules match steps by id, so they cannot say what changed
    String head = "apiVersion: kxm.workflow.v1\nid: w\ncoordinator: coder\nsteps:\n";
    String gate = "  - id: a\n    type: gate\n    gate: tests\n";
    base.put("workflows/w.yaml", head + "  - id: a\n    type: agent\n    agent: coder\n" + gate);
    current.put("workflows/w.yaml", head + gate);

    assertThat(diff())
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.WIDENING, "unclassified-change"));
  }

  @Test
  void a_symbolic_link_widens() {
    Map<String, ConfigTree.Content> linked = new HashMap<>();
    linked.put("agents/coder.yaml", new ConfigTree.Content("/etc/passwd".getBytes(), true));

    List<TrustChange> changes =
        TrustClassifier.diff(new ConfigTree(Map.of()), new ConfigTree(linked));

    assertThat(changes)
        .extracting(TrustChange::effect, TrustChange::change)
        .containsExactly(tuple(TrustEffect.WIDENING, "link-changed"));
  }

  @Test
  void the_diff_lists_widening_changes_first() {
    base.put("routes.yaml", ROUTES);
    current.put("routes.yaml", "routes:\n  - harness: codex\n    model: openai/gpt-5\n");
    current.put("memory/a.md", "a");

    TrustDiff diff = new TrustDiff("HEAD", "0".repeat(40), diff());

    assertThat(diff.widens()).isTrue();
    assertThat(diff.changes().get(0).effect()).isEqualTo(TrustEffect.WIDENING);
    assertThat(diff.count(TrustEffect.NARROWING)).isEqualTo(1);
    assertThat(diff.count(TrustEffect.NEUTRAL)).isEqualTo(1);
  }
}
