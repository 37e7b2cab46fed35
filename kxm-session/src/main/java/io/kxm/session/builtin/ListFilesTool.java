package io.kxm.session.builtin;

import io.kxm.core.json.Json;
import io.kxm.session.provider.ToolSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** {@code list_files}: the entries of a folder, or of its whole tree; {@code .git} left out. */
final class ListFilesTool implements WorkspaceTool {
  static final int MAX_ENTRIES = 1000;
  static final int MAX_DEPTH = 20;

  @Override
  public ToolSpec spec() {
    return new ToolSpec(
        "list_files",
        "Lists the files and folders under a folder of the workspace (folders end in /). Set"
            + " recursive to list the whole tree. At most "
            + MAX_ENTRIES
            + " entries.",
        Json.read(
            """
            {"type":"object","properties":{
              "path":{"type":"string","description":"folder relative to the workspace; default ."},
              "recursive":{"type":"boolean"}}}
            """));
  }

  @Override
  public boolean changesFiles() {
    return false;
  }

  @Override
  public ToolRun run(ToolInput input, WorkspacePaths at) {
    Path folder = at.existing(input.text("path", "."));
    if (!Files.isDirectory(folder)) {
      throw new ToolRefusal("'" + at.show(folder) + "' is not a folder");
    }
    int depth = input.flag("recursive", false) ? MAX_DEPTH : 1;
    List<String> entries = new ArrayList<>();
    boolean more = false;
    try (Stream<Path> walk = Files.walk(folder, depth)) {
      var it = walk.filter(p -> !p.equals(folder)).filter(p -> !inGit(at, p)).iterator();
      while (it.hasNext()) {
        Path p = it.next();
        if (entries.size() == MAX_ENTRIES) {
          more = true;
          break;
        }
        entries.add(at.show(p) + (Files.isDirectory(p) ? "/" : ""));
      }
    } catch (IOException | UncheckedIOException e) {
      throw new ToolRefusal("listing '" + at.show(folder) + "' failed: " + e.getMessage());
    }
    entries.sort(null);
    String listed = entries.isEmpty() ? "(empty)" : String.join("\n", entries);
    return ToolRun.ok(more ? listed + "\n… more than " + MAX_ENTRIES + " entries" : listed);
  }

  static boolean inGit(WorkspacePaths at, Path path) {
    Path within = at.root().relativize(path);
    for (Path name : within) {
      if (name.toString().equals(".git")) {
        return true;
      }
    }
    return false;
  }
}
