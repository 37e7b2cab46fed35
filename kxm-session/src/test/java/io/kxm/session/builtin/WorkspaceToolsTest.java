package io.kxm.session.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each workspace tool on real files and processes, and every way out of the workspace. */
class WorkspaceToolsTest {
  @TempDir Path dir;
  private Path workspace;
  private Path outside;
  private WorkspacePaths at;
  private final WorkspaceTools tools =
      new WorkspaceTools(Map.of("PATH", System.getenv("PATH")), null);

  @BeforeEach
  void lay_out() throws Exception {
    workspace = Files.createDirectories(dir.resolve("workspace"));
    outside = Files.createDirectories(dir.resolve("outside"));
    Files.writeString(outside.resolve("secret.txt"), "outside secret");
    Files.createDirectories(workspace.resolve("src"));
    Files.writeString(workspace.resolve("src/app.txt"), "one\ntwo needle\nthree\n");
    Files.writeString(workspace.resolve("README"), "hello needle\n");
    Files.createDirectories(workspace.resolve(".git"));
    Files.writeString(workspace.resolve(".git/config"), "needle in git\n");
    Files.createSymbolicLink(workspace.resolve("out-link"), outside);
    Files.createSymbolicLink(workspace.resolve("secret-link.txt"), outside.resolve("secret.txt"));
    at = new WorkspacePaths(workspace);
  }

  private ToolRun run(String tool, String json) throws Exception {
    return tools.run(tool, Json.read(json), at);
  }

  @Test
  void read_file_returns_the_text() throws Exception {
    ToolRun read = run("read_file", "{\"path\":\"src/app.txt\"}");
    assertThat(read.isError()).isFalse();
    assertThat(read.output()).isEqualTo("one\ntwo needle\nthree\n");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "../outside/secret.txt",
        "src/../../outside/secret.txt",
        "secret-link.txt",
        "out-link/secret.txt",
        "/etc/passwd"
      })
  void reads_that_leave_the_workspace_are_forbidden(String path) throws Exception {
    ToolRun read = run("read_file", "{\"path\":\"" + path + "\"}");
    assertThat(read.isError()).isTrue();
    assertThat(read.output())
        .startsWith("workspace_path_forbidden")
        .doesNotContain("outside secret");
  }

  @Test
  void a_long_file_is_cut_and_says_so() throws Exception {
    Files.writeString(workspace.resolve("big.txt"), "x".repeat(ReadFileTool.MAX_BYTES + 10));
    ToolRun read = run("read_file", "{\"path\":\"big.txt\"}");
    assertThat(read.output()).hasSizeLessThan(ReadFileTool.MAX_BYTES + 100).contains("cut after");
  }

  @Test
  void write_file_creates_folders_and_replaces_content() throws Exception {
    ToolRun wrote = run("write_file", "{\"path\":\"new/deep/file.txt\",\"content\":\"made\"}");
    assertThat(wrote.isError()).as(wrote.output()).isFalse();
    assertThat(workspace.resolve("new/deep/file.txt")).hasContent("made");
    run("write_file", "{\"path\":\"new/deep/file.txt\",\"content\":\"again\"}");
    assertThat(workspace.resolve("new/deep/file.txt")).hasContent("again");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "../outside/planted.txt",
        "out-link/planted.txt",
        "out-link/sub/planted.txt",
        "secret-link.txt",
        ".git/hooks/pre-commit",
        "/tmp/planted.txt"
      })
  void writes_that_leave_the_workspace_are_forbidden_and_change_nothing(String path)
      throws Exception {
    ToolRun wrote = run("write_file", "{\"path\":\"" + path + "\",\"content\":\"planted\"}");
    assertThat(wrote.isError()).isTrue();
    assertThat(wrote.output()).startsWith("workspace_path_forbidden");
    assertThat(outside.resolve("planted.txt")).doesNotExist();
    assertThat(outside.resolve("sub")).doesNotExist();
    assertThat(outside.resolve("secret.txt")).hasContent("outside secret");
    assertThat(workspace.resolve(".git/hooks")).doesNotExist();
  }

  @Test
  void edit_file_replaces_the_one_occurrence() throws Exception {
    ToolRun edited =
        run("edit_file", "{\"path\":\"src/app.txt\",\"old_text\":\"two\",\"new_text\":\"2\"}");
    assertThat(edited.isError()).as(edited.output()).isFalse();
    assertThat(edited.output()).contains("line 2");
    assertThat(workspace.resolve("src/app.txt")).hasContent("one\n2 needle\nthree\n");
  }

  @Test
  void edit_file_refuses_a_missing_or_ambiguous_text_and_leaves_the_file() throws Exception {
    Files.writeString(workspace.resolve("twice.txt"), "a a");
    ToolRun missing =
        run("edit_file", "{\"path\":\"src/app.txt\",\"old_text\":\"four\",\"new_text\":\"4\"}");
    ToolRun ambiguous =
        run("edit_file", "{\"path\":\"twice.txt\",\"old_text\":\"a\",\"new_text\":\"b\"}");
    assertThat(missing.isError()).isTrue();
    assertThat(missing.output()).contains("does not occur");
    assertThat(ambiguous.isError()).isTrue();
    assertThat(ambiguous.output()).contains("more than once");
    assertThat(workspace.resolve("twice.txt")).hasContent("a a");
  }

  @Test
  void edit_file_through_a_link_outside_is_forbidden() throws Exception {
    ToolRun edited =
        run(
            "edit_file",
            "{\"path\":\"secret-link.txt\",\"old_text\":\"outside\",\"new_text\":\"inside\"}");
    assertThat(edited.output()).startsWith("workspace_path_forbidden");
    assertThat(outside.resolve("secret.txt")).hasContent("outside secret");
  }

  @Test
  void list_files_leaves_git_out_and_lists_trees_when_asked() throws Exception {
    ToolRun top = run("list_files", "{}");
    assertThat(top.output().lines()).contains("README", "src/").doesNotContain(".git/");
    ToolRun tree = run("list_files", "{\"path\":\".\",\"recursive\":true}");
    assertThat(tree.output().lines()).contains("src/app.txt").noneMatch(l -> l.contains(".git"));
    assertThat(run("list_files", "{\"path\":\"out-link\"}").output())
        .startsWith("workspace_path_forbidden");
  }

  @Test
  void search_finds_lines_but_not_in_git_or_outside() throws Exception {
    Files.writeString(outside.resolve("more.txt"), "needle outside\n");
    ToolRun found = run("search", "{\"text\":\"needle\"}");
    assertThat(found.output().lines())
        .containsExactlyInAnyOrder("README:1: hello needle", "src/app.txt:2: two needle");
    assertThat(run("search", "{\"text\":\"absent words\"}").output()).isEqualTo("no matches");
  }

  @Test
  void search_stops_at_its_match_limit() throws Exception {
    Files.writeString(workspace.resolve("many.txt"), "hit\n".repeat(SearchTool.MAX_MATCHES + 50));
    ToolRun found = run("search", "{\"text\":\"hit\",\"path\":\"many.txt\"}");
    assertThat(found.output().lines().filter(l -> l.startsWith("many.txt:")))
        .hasSize(SearchTool.MAX_MATCHES);
    assertThat(found.output()).contains("limits");
  }

  @Test
  void run_command_runs_argv_and_shell_lines_in_the_folder() throws Exception {
    ToolRun argv = run("run_command", "{\"argv\":[\"cat\",\"README\"]}");
    assertThat(argv.isError()).as(argv.output()).isFalse();
    assertThat(argv.output()).isEqualTo("exit code 0\nhello needle\n");
    ToolRun shell = run("run_command", "{\"command\":\"echo out; echo err >&2; exit 3\"}");
    assertThat(shell.isError()).isTrue();
    assertThat(shell.output()).startsWith("exit code 3").contains("out", "err");
  }

  @Test
  void credentials_a_command_prints_are_redacted() throws Exception {
    ToolRun printed =
        run("run_command", "{\"command\":\"echo key=sk-abcdefghijklmnopqrstuvwxyz0123\"}");
    assertThat(printed.output()).contains("[REDACTED]").doesNotContain("sk-abcdefghijklmnop");
  }

  @Test
  void run_command_keeps_only_the_ends_of_long_output() throws Exception {
    ToolRun long_ =
        run("run_command", "{\"command\":\"head -c 2000000 /dev/zero | tr '\\\\0' a; echo END\"}");
    assertThat(long_.output())
        .hasSizeLessThan(RunCommandTool.HEAD_BYTES + RunCommandTool.TAIL_BYTES + 200);
    assertThat(long_.output()).contains("bytes left out").endsWith("END\n");
  }

  @Test
  void a_command_past_its_time_is_ended_with_what_it_started() throws Exception {
    ToolRun timed =
        run(
            "run_command",
            "{\"command\":\"sleep 300 & echo $! > child.pid; wait\",\"timeout_seconds\":1}");
    assertThat(timed.isError()).isTrue();
    assertThat(timed.output()).startsWith("timed out after 1 s");
    long child = Long.parseLong(Files.readString(workspace.resolve("child.pid")).strip());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true));
  }

  @Test
  void run_command_wants_argv_or_command() throws Exception {
    assertThat(run("run_command", "{}").output()).contains("either argv or command");
    assertThat(run("run_command", "{\"argv\":[]}").isError()).isTrue();
  }

  @Test
  void unknown_tools_and_malformed_arguments_are_error_results() throws Exception {
    assertThat(run("delete_everything", "{}").output()).contains("no tool named");
    assertThat(tools.run("read_file", Json.read("\"{not json\""), at).output())
        .contains("JSON object");
    assertThat(run("read_file", "{\"path\":7}").output()).contains("'path' is required");
  }
}
