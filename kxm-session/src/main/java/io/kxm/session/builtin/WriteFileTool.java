package io.kxm.session.builtin;

import io.kxm.core.json.Json;
import io.kxm.session.provider.ToolSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code write_file}: creates or replaces a text file, with the folders it needs. */
final class WriteFileTool implements WorkspaceTool {
  static final int MAX_BYTES = 1024 * 1024;

  @Override
  public ToolSpec spec() {
    return new ToolSpec(
        "write_file",
        "Creates or replaces a text file of the workspace with the given content (at most "
            + MAX_BYTES
            + " bytes). Needs a person's approval unless the session allows writes.",
        Json.read(
            """
            {"type":"object","properties":{
              "path":{"type":"string","description":"file relative to the workspace"},
              "content":{"type":"string"}},
             "required":["path","content"]}
            """));
  }

  @Override
  public boolean changesFiles() {
    return true;
  }

  @Override
  public ToolRun run(ToolInput input, WorkspacePaths at) {
    String relative = input.text("path");
    byte[] content = input.text("content").getBytes(StandardCharsets.UTF_8);
    if (content.length > MAX_BYTES) {
      throw new ToolRefusal("the content is " + content.length + " bytes; at most " + MAX_BYTES);
    }
    Path file = at.writable(relative);
    write(at, file, content);
    return ToolRun.ok("wrote " + content.length + " bytes to " + at.show(file));
  }

  static void write(WorkspacePaths at, Path file, byte[] content) {
    if (Files.isDirectory(file)) {
      throw new ToolRefusal("'" + at.show(file) + "' is a folder");
    }
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, content);
    } catch (IOException e) {
      throw new ToolRefusal("writing '" + at.show(file) + "' failed: " + e.getMessage());
    }
  }
}
