package io.kxm.runtime.config;

import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Gates run as argument lists without a shell. A list that only hands a string to a shell, or a
 * single word with spaces in it, is a shell command in disguise and is refused.
 */
final class GateRules {
  private static final Set<String> SHELLS =
      Set.of("sh", "bash", "zsh", "dash", "ksh", "fish", "cmd", "cmd.exe", "powershell", "pwsh");

  private GateRules() {}

  static void check(ConfigFile f, List<ConfigError> errors) {
    f.document()
        .root()
        .path("gates")
        .properties()
        .forEach(gate -> {
          String path = YamlDocument.child("$.gates", gate.getKey()) + ".argv";
          JsonNode argv = gate.getValue().path("argv");
          String program = argv.get(0).asString();
          String base = program.substring(program.lastIndexOf('/') + 1);
          if (SHELLS.contains(base)) {
            errors.add(
                new ConfigError(
                    f.file(),
                    f.document().lineOf(path + "[0]"),
                    path + "[0]",
                    "gate-no-shell",
                    "gate '"
                        + gate.getKey()
                        + "' runs the shell "
                        + program
                        + "; list the program and its arguments instead"));
          } else if (argv.size() == 1 && program.strip().contains(" ")) {
            errors.add(
                new ConfigError(
                    f.file(),
                    f.document().lineOf(path + "[0]"),
                    path + "[0]",
                    "gate-no-shell",
                    "gate '"
                        + gate.getKey()
                        + "' gives one string with spaces; split"
                        + " it into the program and its arguments"));
          }
        });
  }
}
