package io.kxm.session.builtin;

import io.kxm.core.json.Json;
import io.kxm.session.provider.ToolSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code search}: lines holding a piece of text, across the files under a folder. Bounded in files
 * read, file size and matches, so a search of a large tree answers quickly with what it found.
 */
final class SearchTool implements WorkspaceTool {
  static final int MAX_MATCHES = 200;
  static final int MAX_FILES = 10_000;
  static final long MAX_FILE_BYTES = 1024 * 1024;
  static final int MAX_LINE_CHARS = 300;

  @Override
  public ToolSpec spec() {
    return new ToolSpec(
        "search",
        "Finds the lines that contain a text (exact, case-sensitive) in the files under a folder"
            + " of the workspace, as path:line: text. At most "
            + MAX_MATCHES
            + " matches.",
        Json.read(
            """
            {"type":"object","properties":{
              "text":{"type":"string","description":"the text to find"},
              "path":{"type":"string","description":"folder or file; default ."}},
             "required":["text"]}
            """));
  }

  @Override
  public boolean changesFiles() {
    return false;
  }

  @Override
  public ToolRun run(ToolInput input, WorkspacePaths at) {
    String needle = input.text("text");
    if (needle.isEmpty()) {
      throw new ToolRefusal("'text' must not be empty");
    }
    Path start = at.existing(input.text("path", "."));
    List<String> matches = new ArrayList<>();
    int files = 0;
    boolean more = false;
    try (Stream<Path> walk = Files.walk(start, ListFilesTool.MAX_DEPTH)) {
      Iterator<Path> it =
          walk.filter(Files::isRegularFile).filter(p -> !ListFilesTool.inGit(at, p)).iterator();
      while (it.hasNext() && !more) {
        Path file = it.next();
        if (++files > MAX_FILES) {
          more = true;
          break;
        }
        more = scan(at, file, needle, matches);
      }
    } catch (IOException | UncheckedIOException e) {
      throw new ToolRefusal("searching '" + at.show(start) + "' failed: " + e.getMessage());
    }
    if (matches.isEmpty()) {
      return ToolRun.ok("no matches");
    }
    String found = String.join("\n", matches);
    return ToolRun.ok(more ? found + "\n… stopped at the search's limits" : found);
  }

  // Returns whether the match limit was reached.
  private static boolean scan(WorkspacePaths at, Path file, String needle, List<String> matches)
      throws IOException {
    if (Files.size(file) > MAX_FILE_BYTES) {
      return false;
    }
    Path real = file.toRealPath();
    if (!real.startsWith(at.root())) {
      return false; // a link leading outside is never read
    }
    byte[] bytes = Files.readAllBytes(real);
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (text.indexOf('\0') >= 0) {
      return false;
    }
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].contains(needle)) {
        if (matches.size() == MAX_MATCHES) {
          return true;
        }
        String line = lines[i].strip();
        if (line.length() > MAX_LINE_CHARS) {
          line = line.substring(0, MAX_LINE_CHARS) + "…";
        }
        matches.add(at.show(file) + ":" + (i + 1) + ": " + line);
      }
    }
    return false;
  }
}
