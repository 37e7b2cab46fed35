package io.kxm.cli.hook;

import io.kxm.core.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON a Claude Code hook prints: {@code {"hookSpecificOutput": {"hookEventName", …}}}. */
final class ClaudeHookOutput {
  private ClaudeHookOutput() {}

  /**
   * @param fields the event's own fields, in the order given
   */
  static String of(String event, Map<String, String> fields) {
    Map<String, String> output = new LinkedHashMap<>();
    output.put("hookEventName", event);
    output.putAll(fields);
    return Json.write(Map.of("hookSpecificOutput", output));
  }
}
