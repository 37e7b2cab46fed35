package io.kxm.cli.hook;

import io.kxm.cli.CliContext;
import io.kxm.cli.guard.EditCheck;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm hook pre-tool-use}: the Claude Code plugin's PreToolUse hook for file edits. It reads
 * the hook's JSON from stdin and denies an Edit, Write, MultiEdit or NotebookEdit of a file another
 * agent holds exclusively, or any such edit when the reservations cannot be read; it prints nothing
 * (and Claude Code goes on as usual) for an allowed edit or a file outside a Git checkout.
 */
@Command(
    name = "pre-tool-use",
    mixinStandardHelpOptions = true,
    description = {
      "Claude Code PreToolUse hook: deny file edits that another agent's reservation forbids.",
      "Reads the hook input (JSON) on stdin; prints a deny decision with the holder named, or"
          + " nothing. Denies too when the hub cannot be asked, saying why."
    })
public final class PreToolUseCommand implements Callable<Integer> {
  private static final int MAX_INPUT_BYTES = 4 * 1024 * 1024;
  private static final String BYPASS =
      "Until then, ask the user to make the edit or to turn the plugin's hook off.";

  private final CliContext context;
  private final InputStream stdin;

  public PreToolUseCommand(CliContext context) {
    this(context, System.in);
  }

  PreToolUseCommand(CliContext context, InputStream stdin) {
    this.context = context;
    this.stdin = stdin;
  }

  @Override
  public Integer call() throws Exception {
    JsonNode input;
    try {
      byte[] bytes = stdin.readNBytes(MAX_INPUT_BYTES + 1);
      if (bytes.length > MAX_INPUT_BYTES) {
        return deny("kxm: the hook input is larger than 4 MiB; the edit is refused unchecked");
      }
      input = Json.MAPPER.readTree(new String(bytes, StandardCharsets.UTF_8));
    } catch (IOException | JacksonException e) {
      return deny("kxm: the hook input is not JSON (" + e.getMessage() + "); the edit is refused");
    }
    Optional<Path> file = editedFile(input);
    if (file.isEmpty()) {
      return 0;
    }
    String cwd = input.path("cwd").asString("");
    Path base = cwd.isEmpty() ? context.workingDir() : Path.of(cwd);
    Optional<String> refusal = EditCheck.beforeEdit(context, base.resolve(file.get()), BYPASS);
    if (refusal.isPresent()) {
      return deny(refusal.get());
    }
    return 0;
  }

  /** The file the tool would change, for the file-editing tools; empty for any other tool. */
  private static Optional<Path> editedFile(JsonNode input) {
    String key =
        switch (input.path("tool_name").asString("")) {
          case "Edit", "Write", "MultiEdit" -> "file_path";
          case "NotebookEdit" -> "notebook_path";
          default -> null;
        };
    if (key == null) {
      return Optional.empty();
    }
    String path = input.path("tool_input").path(key).asString("");
    return path.isBlank() ? Optional.empty() : Optional.of(Path.of(path));
  }

  private int deny(String reason) {
    Map<String, String> decision = new LinkedHashMap<>();
    decision.put("permissionDecision", "deny");
    decision.put("permissionDecisionReason", reason);
    context.out().println(ClaudeHookOutput.of("PreToolUse", decision));
    context.out().flush();
    return 0;
  }
}
