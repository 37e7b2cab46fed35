package io.kxm.cli.trust;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.runtime.config.StarterConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm trust diff} and {@code kxm trust check} in a real temporary Git repository. */
class TrustCliTest {
  @TempDir Path dir;

  private CliRun.Result kxm(String... args) {
    return CliRun.run(TestEnv.of(dir), dir, args);
  }

  private void committedStarter() throws Exception {
    git("init", "-q");
    StarterConfig.write(dir, false);
    git("add", "-A");
    git("commit", "-q", "-m", "starter");
  }

  @Test
  void an_unchanged_tree_passes_the_check_with_an_empty_diff() throws Exception {
    committedStarter();

    CliRun.Result diff = kxm("trust", "diff");
    CliRun.Result check = kxm("trust", "check");

    assertThat(diff.exit()).as(diff.err()).isZero();
    assertThat(diff.out()).contains("against HEAD").contains("0 widening, 0 narrowing, 0 neutral");
    assertThat(check.exit()).as(check.err()).isZero();
  }

  @Test
  void routes_gates_and_a_role_that_widen_are_listed_and_fail_the_check() throws Exception {
    committedStarter();
    Files.writeString(
        dir.resolve(".kxm/routes.yaml"),
        "routes:\n  - harness: claude-code\n    model: anthropic/claude-sonnet-4-5\n"
            + "  - harness: codex\n    model: openai/gpt-5\n");
    Files.writeString(
        dir.resolve(".kxm/gates.yaml"),
        "gates:\n  tests:\n    description: The project's test suite.\n"
            + "    argv: [\"make\", \"test\"]\n");
    Files.createDirectories(dir.resolve(".kxm/roles"));
    Files.writeString(dir.resolve(".kxm/roles/dev.yaml"), "id: dev\ndescription: Developers.\n");

    CliRun.Result diff = kxm("trust", "diff");
    CliRun.Result check = kxm("trust", "check");

    assertThat(diff.exit()).as(diff.err()).isZero();
    assertThat(diff.out())
        .contains("3 widening, 0 narrowing, 1 neutral")
        .contains("timeout (ms) is unchanged in effect [limit-restated]")
        .contains(
            "widening  .kxm/routes.yaml $.routes[codex + openai/gpt-5]: route codex + openai/gpt-5"
                + " is admitted [route-admitted]")
        .contains(".kxm/gates.yaml $.gates.tests.argv: gate tests runs another command")
        .contains("[\"git\",\"diff\",\"--check\"] -> [\"make\",\"test\"]")
        .contains(".kxm/roles/dev.yaml: new role dev can be given to agents [role-added]");
    assertThat(check.exit()).isEqualTo(1);
    assertThat(check.out()).contains("[route-admitted]");
    assertThat(check.err())
        .contains("error: trust_permissions_widened: 3 change(s) of .kxm/ widen permissions")
        .contains("next: ")
        .doesNotContain("Exception");
  }

  @Test
  void only_narrowing_and_neutral_changes_pass_the_check() throws Exception {
    committedStarter();
    Files.writeString(dir.resolve(".kxm/routes.yaml"), "routes: []\n");
    Files.writeString(
        dir.resolve(".kxm/project.yaml"),
        Files.readString(dir.resolve(".kxm/project.yaml"))
            .replace("What this repository is", "What this code is"));

    CliRun.Result check = kxm("trust", "check", "--json");

    assertThat(check.exit()).as(check.err()).isZero();
    JsonNode body = Json.read(check.out());
    assertThat(body.path("widens").asBoolean()).isFalse();
    assertThat(body.path("counts").path("narrowing").asInt()).isEqualTo(1);
    assertThat(body.path("counts").path("neutral").asInt()).isEqualTo(1);
    assertThat(body.path("changes").get(0).path("change").asString()).isEqualTo("route-removed");
  }

  @Test
  void the_base_option_compares_with_an_older_commit() throws Exception {
    committedStarter();
    String first = git("rev-parse", "HEAD").strip();
    Files.writeString(
        dir.resolve(".kxm/gates.yaml"), "gates:\n  tests:\n    argv: [\"git\", \"status\"]\n");
    git("commit", "-q", "-am", "another gate command");

    assertThat(kxm("trust", "check").exit()).isZero();
    CliRun.Result against = kxm("trust", "check", "--base", first, "--json");

    assertThat(against.exit()).isEqualTo(1);
    JsonNode body = Json.read(against.out());
    assertThat(body.path("base").asString()).isEqualTo(first);
    assertThat(body.path("baseCommit").asString()).isEqualTo(first);
    assertThat(body.path("changes").get(0).path("change").asString())
        .isEqualTo("gate-argv-changed");
    assertThat(against.err()).contains("error: trust_permissions_widened: ");
  }

  @Test
  void an_unknown_revision_is_a_clear_error() throws Exception {
    committedStarter();

    CliRun.Result result = kxm("trust", "diff", "--base", "no-such-branch");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .contains("error: trust_revision_unknown: 'no-such-branch' names no commit")
        .doesNotContain("Exception");
  }

  @Test
  void outside_a_git_repository_is_a_clear_error() {
    StarterConfig.write(dir, false);

    CliRun.Result result = kxm("trust", "check");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .contains("error: trust_not_a_git_repository: ")
        .contains("next: ")
        .doesNotContain("Exception");
  }

  private String git(String... args) throws IOException, InterruptedException {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "git",
                "-c",
                "user.name=KXM Test",
                "-c",
                "user.email=test@kxm.invalid",
                "-c",
                "commit.gpgsign=false"));
    argv.addAll(List.of(args));
    Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + out);
    }
    return out;
  }
}
