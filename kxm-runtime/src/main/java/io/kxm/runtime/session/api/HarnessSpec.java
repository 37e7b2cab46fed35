package io.kxm.runtime.session.api;

import java.util.List;
import java.util.Objects;

/**
 * Which harness runs a session's turns. {@code command} starts {@code argv} (no shell) once per
 * turn in the workspace root and speaks the JSON-lines protocol of docs/harness-protocol.md.
 *
 * @param type the harness kind; {@code command} for now
 * @param argv the program and its arguments for {@code command}; empty for other kinds
 */
public record HarnessSpec(String type, List<String> argv) {
  public static final String COMMAND = "command";

  public HarnessSpec {
    Objects.requireNonNull(type, "type");
    argv = List.copyOf(argv);
  }
}
