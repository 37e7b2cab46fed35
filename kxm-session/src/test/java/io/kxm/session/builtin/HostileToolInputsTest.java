package io.kxm.session.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated tool calls of a model, hostile or confused: paths that climb out, are absolute, hold
 * NUL, run through links or are very long, and arguments of the wrong type or missing. Every call
 * gets a result, and nothing outside the workspace is ever read into one or written.
 */
class HostileToolInputsTest {
  private static Path dir;
  private static Path workspace;
  private static Path outside;
  private static WorkspacePaths at;
  private static final WorkspaceTools TOOLS = new WorkspaceTools(Map.of(), null);

  @BeforeContainer
  static void lay_out() throws IOException {
    dir = Files.createTempDirectory("kxm-hostile-tools");
    workspace = Files.createDirectories(dir.resolve("workspace"));
    outside = Files.createDirectories(dir.resolve("outside"));
    Files.writeString(outside.resolve("secret.txt"), "OUTSIDE-SECRET");
    Files.writeString(workspace.resolve("a.txt"), "alpha\n");
    Files.createSymbolicLink(workspace.resolve("link"), outside);
    Files.createSymbolicLink(workspace.resolve("secret-link"), outside.resolve("secret.txt"));
    at = new WorkspacePaths(workspace);
  }

  @AfterContainer
  static void clean_up() throws IOException {
    delete(dir);
  }

  private static void delete(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      all.sorted((a, b) -> b.getNameCount() - a.getNameCount())
          .forEach(p -> {
            try {
              Files.deleteIfExists(p);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
  }

  record Call(String tool, JsonNode input) {
    @Override
    public String toString() {
      return tool + " " + Hostile.abbreviate(Json.write(input), 300);
    }
  }

  @Property(tries = Hostile.TRIES)
  void every_call_gets_a_result_and_nothing_leaves_the_workspace(@ForAll("calls") Call call)
      throws Exception {
    ToolRun run = TOOLS.run(call.tool(), call.input(), at);

    assertThat(run).as("%s", call).isNotNull();
    assertThat(run.output()).as("%s", call).doesNotContain("OUTSIDE-SECRET");
    Hostile.assertNoStackTrace("tool result", run.output());
    try (Stream<Path> files = Files.list(outside)) {
      assertThat(files.map(p -> p.getFileName().toString()).toList())
          .as("%s", call)
          .containsExactly("secret.txt");
    }
    assertThat(outside.resolve("secret.txt")).hasContent("OUTSIDE-SECRET");
    resetWorkspace();
  }

  // Each call starts from the same few files, so a search never walks what earlier calls wrote.
  private static void resetWorkspace() throws IOException {
    Files.writeString(workspace.resolve("a.txt"), "alpha\n");
    try (Stream<Path> top = Files.list(workspace)) {
      for (Path entry : top.toList()) {
        String name = entry.getFileName().toString();
        if (!List.of("a.txt", "link", "secret-link").contains(name)) {
          delete(entry);
        }
      }
    }
  }

  @Provide
  Arbitrary<Call> calls() {
    Arbitrary<String> tool =
        Arbitraries.of("list_files", "read_file", "search", "write_file", "edit_file");
    Arbitrary<JsonNode> path =
        Arbitraries.oneOf(
            Arbitraries.of(
                    "a.txt",
                    "../outside/secret.txt",
                    "link/secret.txt",
                    "link/new.txt",
                    "secret-link",
                    "/etc/passwd",
                    "~/x",
                    "a.txt/../../outside/x",
                    ".git/hooks/x",
                    "new/../../outside/x",
                    "./a.txt",
                    "",
                    ".",
                    "..",
                    "a\u0000b",
                    "link",
                    "dir/sub/new.txt",
                    "é/ü.txt")
                .map(s -> (JsonNode) Json.MAPPER.getNodeFactory().stringNode(s)),
            Arbitraries.strings()
                .ofMaxLength(300)
                .map(s -> Json.MAPPER.getNodeFactory().stringNode(s)),
            Arbitraries.of(
                Json.read("null"),
                Json.read("7"),
                Json.read("[]"),
                Json.read("{}"),
                Json.read("true")));
    Arbitrary<JsonNode> text =
        Arbitraries.oneOf(
            Arbitraries.strings()
                .ofMaxLength(50)
                .map(s -> Json.MAPPER.getNodeFactory().stringNode(s)),
            Arbitraries.of("alpha", "OUTSIDE", "")
                .map(s -> (JsonNode) Json.MAPPER.getNodeFactory().stringNode(s)),
            Arbitraries.of(Json.read("null"), Json.read("1e999"), Json.read("[\"x\"]")));
    Arbitrary<Boolean> present = Arbitraries.of(true, true, true, false);
    return Combinators.combine(tool, path, text, text, present, Arbitraries.of(true, false))
        .as((t, p, a, b, keep, recursive) -> {
          ObjectNode input = Json.object();
          if (keep) {
            input.set("path", p);
          }
          input.set("content", a);
          input.set("text", a);
          input.set("old_text", a);
          input.set("new_text", b);
          input.put("recursive", recursive);
          return new Call(t, input);
        });
  }
}
