package io.kxm.session.builtin;

import io.kxm.core.json.Json;
import io.kxm.session.provider.ToolSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code edit_file}: replaces one exact occurrence of a text in a file. A text found nowhere, or
 * more than once, is refused, so an edit never lands somewhere the model did not mean.
 */
final class EditFileTool implements WorkspaceTool {
  @Override
  public ToolSpec spec() {
    return new ToolSpec(
        "edit_file",
        "Replaces the one occurrence of old_text in a file with new_text. old_text must occur"
            + " exactly once; include enough surrounding lines to make it unique. Needs a person's"
            + " approval unless the session allows writes.",
        Json.read(
            """
            {"type":"object","properties":{
              "path":{"type":"string","description":"file relative to the workspace"},
              "old_text":{"type":"string"},
              "new_text":{"type":"string"}},
             "required":["path","old_text","new_text"]}
            """));
  }

  @Override
  public boolean changesFiles() {
    return true;
  }

  @Override
  public ToolRun run(ToolInput input, WorkspacePaths at) {
    String relative = input.text("path");
    String oldText = input.text("old_text");
    String newText = input.text("new_text");
    if (oldText.isEmpty()) {
      throw new ToolRefusal("'old_text' must not be empty; use write_file to create a file");
    }
    Path file = at.existing(relative);
    at.writable(relative);
    if (!Files.isRegularFile(file)) {
      throw new ToolRefusal("'" + at.show(file) + "' is not a file");
    }
    String text;
    try {
      if (Files.size(file) > WriteFileTool.MAX_BYTES) {
        throw new ToolRefusal("'" + at.show(file) + "' is larger than " + WriteFileTool.MAX_BYTES);
      }
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ToolRefusal("reading '" + at.show(file) + "' failed: " + e.getMessage());
    }
    int first = text.indexOf(oldText);
    if (first < 0) {
      throw new ToolRefusal("old_text does not occur in '" + at.show(file) + "'");
    }
    if (text.indexOf(oldText, first + 1) >= 0) {
      throw new ToolRefusal(
          "old_text occurs more than once in '" + at.show(file) + "'; include more context");
    }
    String edited = text.substring(0, first) + newText + text.substring(first + oldText.length());
    byte[] bytes = edited.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > WriteFileTool.MAX_BYTES) {
      throw new ToolRefusal("the edited file would pass " + WriteFileTool.MAX_BYTES + " bytes");
    }
    WriteFileTool.write(at, file, bytes);
    int line = (int) text.substring(0, first).chars().filter(c -> c == '\n').count() + 1;
    return ToolRun.ok("edited " + at.show(file) + " at line " + line);
  }
}
