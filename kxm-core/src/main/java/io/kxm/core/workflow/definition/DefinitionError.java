package io.kxm.core.workflow.definition;

import java.util.Objects;

/**
 * One problem in one definition file: where it is and which rule it breaks.
 *
 * @param file the file's name as the loader saw it
 * @param path JSON path of the offending value, for example {@code $.stages[1].maxAttempts}
 * @param rule the JSON Schema keyword or the named semantic rule that failed
 * @param message what is wrong, in words
 */
public record DefinitionError(String file, String path, String rule, String message) {

  public DefinitionError {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
  }

  @Override
  public String toString() {
    return file + ": " + path + ": " + message + " [" + rule + "]";
  }
}
