package io.kxm.runtime.config;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One parsed YAML file: its tree, and the line where each value starts, keyed by the JSON path the
 * schema validator reports, so an error found on the tree points back into the file.
 */
record YamlDocument(JsonNode root, Map<String, Integer> lines) {
  YamlDocument {
    lines = Map.copyOf(lines);
  }

  /** The line of {@code path}, else of its nearest parent that has one; 1 for the root. */
  int lineOf(String path) {
    String p = path;
    while (!p.isEmpty()) {
      Integer line = lines.get(p);
      if (line != null) {
        return line;
      }
      p = parent(p);
    }
    return 1;
  }

  private static String parent(String path) {
    int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    return cut <= 0 ? "" : path.substring(0, cut);
  }

  /** The JSON path of property {@code name} under {@code parent}, as networknt writes it. */
  static String child(String parent, String name) {
    return name.matches("[A-Za-z_][A-Za-z0-9_]*")
        ? parent + "." + name
        : parent + "['" + name.replace("'", "\\'") + "']";
  }

  static String index(String parent, int i) {
    return parent + "[" + i + "]";
  }
}
