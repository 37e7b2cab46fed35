package io.kxm.session.builtin;

import io.kxm.core.json.Json;
import io.kxm.session.provider.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code read_file}: a text file's contents, up to {@value #MAX_BYTES} bytes. */
final class ReadFileTool implements WorkspaceTool {
  static final int MAX_BYTES = 256 * 1024;

  @Override
  public ToolSpec spec() {
    return new ToolSpec(
        "read_file",
        "Reads a text file of the workspace. Files longer than "
            + MAX_BYTES
            + " bytes are cut, and the cut is said.",
        Json.read(
            """
            {"type":"object","properties":{
              "path":{"type":"string","description":"file relative to the workspace"}},
             "required":["path"]}
            """));
  }

  @Override
  public boolean changesFiles() {
    return false;
  }

  @Override
  public ToolRun run(ToolInput input, WorkspacePaths at) {
    Path file = at.existing(input.text("path"));
    if (!Files.isRegularFile(file)) {
      throw new ToolRefusal("'" + at.show(file) + "' is not a file");
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes(MAX_BYTES + 1);
      boolean cut = bytes.length > MAX_BYTES;
      String text = new String(bytes, 0, Math.min(bytes.length, MAX_BYTES), StandardCharsets.UTF_8);
      if (text.indexOf('\0') >= 0) {
        throw new ToolRefusal("'" + at.show(file) + "' is binary, not text");
      }
      return ToolRun.ok(cut ? text + "\n… cut after " + MAX_BYTES + " bytes" : text);
    } catch (IOException e) {
      throw new ToolRefusal("reading '" + at.show(file) + "' failed: " + e.getMessage());
    }
  }
}
