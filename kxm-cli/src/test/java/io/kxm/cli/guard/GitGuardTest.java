package io.kxm.cli.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.plugin.PluginFiles;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.testkit.GitRepository;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The pre-commit hook as a user meets it: {@code kxm guard install} in a real repository, then real
 * {@code git commit}s (which run the hook, which runs the CLI under test) against a real hub.
 */
class GitGuardTest {
  @TempDir Path dir;
  HubServer hub;
  String hubUrl;
  Path repo;
  Path launcher;

  @BeforeEach
  void setUp() throws Exception {
    hub = RealHub.start(dir.resolve("hub"));
    hubUrl = hub.baseUrl();
    repo = GitRepository.withOneCommit(dir.resolve("repo"), "README.md", "hello\n");
    launcher = PluginFiles.kxmLauncher(dir.resolve("bin"));
    CliRun.Result installed = kxm("alice", "guard", "install");
    assertThat(installed.exit()).as(installed.err()).isZero();
  }

  @AfterEach
  void tearDown() {
    if (hub != null) {
      hub.close();
    }
  }

  private CliRun.Result kxm(String agent, String... args) {
    return CliRun.run(TestEnv.agent(dir, hubUrl, agent), repo, args);
  }

  private JsonNode reserve(String agent, String... args) {
    List<String> line = new java.util.ArrayList<>(List.of("reserve"));
    line.addAll(List.of(args));
    line.add("--json");
    CliRun.Result made = kxm(agent, line.toArray(String[]::new));
    assertThat(made.exit()).as(made.err()).isZero();
    return Json.read(made.out());
  }

  /** {@code git commit} of {@code file} as {@code agent}, with the hook finding kxm as KXM_BIN. */
  private PluginFiles.Ran commit(String agent, String file) throws Exception {
    Path path = repo.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, "change " + System.nanoTime() + "\n");
    GitRepository.git(repo, "add", file);
    Map<String, String> env = new HashMap<>(TestEnv.agent(dir, hubUrl, agent));
    env.put("KXM_BIN", launcher.toString());
    env.put("PATH", System.getenv("PATH"));
    env.put("GIT_AUTHOR_NAME", agent);
    env.put("GIT_AUTHOR_EMAIL", agent + "@example.com");
    env.put("GIT_COMMITTER_NAME", agent);
    env.put("GIT_COMMITTER_EMAIL", agent + "@example.com");
    return PluginFiles.run(
        repo, env, Duration.ofMinutes(2), List.of("git", "commit", "-q", "-m", "edit " + file));
  }

  private String head() throws Exception {
    return GitRepository.git(repo, "rev-parse", "HEAD").strip();
  }

  @Test
  void the_installed_hook_is_an_executable_pre_commit_that_runs_the_check() throws Exception {
    Path hook = repo.resolve(".git/hooks/pre-commit");
    assertThat(Files.isExecutable(hook)).isTrue();
    assertThat(Files.readString(hook)).contains("guard check --staged");

    Files.writeString(hook, "#!/bin/sh\necho mine\n");
    CliRun.Result again = kxm("alice", "guard", "install");
    assertThat(again.exit()).isEqualTo(1);
    assertThat(again.err()).contains("git_hook_taken");
    assertThat(Files.readString(hook)).as("someone else's hook is left alone").contains("mine");
  }

  @Test
  void a_commit_touching_a_path_another_agent_holds_is_refused_and_goes_through_after_release()
      throws Exception {
    String id =
        reserve("bob", "--paths", "src/**", "--reason", "refactoring").path("id").asString();
    String before = head();

    PluginFiles.Ran refused = commit("alice", "src/Main.java");

    assertThat(refused.exit()).as(refused.out() + refused.err()).isNotZero();
    assertThat(refused.err())
        .contains("reservation_conflict", "src/Main.java", "bob", id, "src/**", "refactoring");
    assertThat(head()).isEqualTo(before);

    CliRun.Result released = kxm("bob", "release", "--reservation-id", id);
    assertThat(released.exit()).as(released.err()).isZero();
    PluginFiles.Ran allowed = commit("alice", "src/Main.java");
    assertThat(allowed.exit()).as(allowed.out() + allowed.err()).isZero();
    assertThat(head()).isNotEqualTo(before);
  }

  @Test
  void the_holder_commits_its_own_reserved_paths_and_others_commit_elsewhere() throws Exception {
    reserve("bob", "--paths", "src/**");

    assertThat(commit("bob", "src/Main.java").exit()).isZero();
    PluginFiles.Ran elsewhere = commit("alice", "docs/guide.md");
    assertThat(elsewhere.exit()).as(elsewhere.err()).isZero();
  }

  @Test
  void an_edit_made_under_a_reservation_that_another_agent_superseded_is_fenced() throws Exception {
    String alices = reserve("alice", "--paths", "docs/**").path("id").asString();
    preToolUse("alice", repo.resolve("docs/guide.md"));
    assertThat(kxm("alice", "release", "--reservation-id", alices).exit()).isZero();
    JsonNode bobs = reserve("bob", "--paths", "docs/**", "--mode", "shared");

    PluginFiles.Ran fenced = commit("alice", "docs/guide.md");

    assertThat(fenced.exit()).as(fenced.err()).isNotZero();
    assertThat(fenced.err())
        .contains("reservation_fenced", "docs/guide.md", alices, bobs.path("id").asString());
  }

  @Test
  void with_the_hub_down_the_commit_is_refused_with_the_reason_and_the_way_around()
      throws Exception {
    hub.close();
    hub = null;
    String before = head();

    PluginFiles.Ran refused = commit("alice", "notes.txt");

    assertThat(refused.exit()).isNotZero();
    assertThat(refused.err()).contains("hub_unreachable", "--no-verify");
    assertThat(head()).isEqualTo(before);
  }

  /** What the agent's edit hook runs before {@code agent} changes {@code file}. */
  private void preToolUse(String agent, Path file) throws Exception {
    io.kxm.cli.CliContext context =
        new io.kxm.cli.CliContext(
            TestEnv.agent(dir, hubUrl, agent),
            repo,
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(new StringWriter(), true));
    assertThat(EditCheck.beforeEdit(context, file, "")).isEmpty();
  }
}
