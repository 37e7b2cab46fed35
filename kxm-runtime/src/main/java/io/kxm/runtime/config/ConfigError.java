package io.kxm.runtime.config;

import java.util.Objects;

/**
 * One problem in one {@code .kxm/} file: where it is and which rule it breaks.
 *
 * @param file path relative to the project root, for example {@code .kxm/agents/coder.yaml}
 * @param line 1-based line of the offending value; 0 when the problem is the file as a whole
 * @param path JSON path of the offending value, for example {@code $.steps[1].type}
 * @param rule the JSON Schema keyword or the named rule that failed
 * @param message what is wrong, in words
 */
public record ConfigError(String file, int line, String path, String rule, String message) {

  public ConfigError {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
    if (line < 0) {
      throw new IllegalArgumentException("line must be 0 or more: " + line);
    }
  }

  @Override
  public String toString() {
    return file + ":" + line + ": " + path + ": " + message + " [" + rule + "]";
  }
}
