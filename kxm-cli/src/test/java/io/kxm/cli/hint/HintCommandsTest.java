package io.kxm.cli.hint;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.core.error.ErrorCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every hint that tells a person to run a {@code kxm …} command names one that exists. */
class HintCommandsTest {
  // "kxm" and the lower-case words after it; a placeholder, an option or a quote ends the command
  private static final Pattern COMMAND = Pattern.compile("\\bkxm((?: [a-z][a-z0-9-]*)+)");

  @Test
  void every_kxm_command_an_error_hint_names_is_in_the_command_tree() {
    CommandLine root =
        new Cli(
                Map.of(),
                Path.of("."),
                new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()))
            .commandLine();
    List<String> named = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (ErrorCode code : ErrorCode.values()) {
      Matcher m = COMMAND.matcher(code.hint());
      while (m.find()) {
        String command = "kxm" + m.group(1);
        named.add(command);
        if (!exists(root, m.group(1).strip().split(" "))) {
          missing.add(code.code() + ": '" + command + "'");
        }
      }
    }
    assertThat(named).as("hints that name commands").hasSizeGreaterThan(20);
    assertThat(missing).as("hints naming a command that does not exist").isEmpty();
  }

  @Test
  void the_walk_itself_refuses_a_command_that_is_not_there() {
    CommandLine root =
        new Cli(
                Map.of(),
                Path.of("."),
                new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()))
            .commandLine();
    assertThat(exists(root, new String[] {"runs", "resolve"})).isFalse();
    assertThat(exists(root, new String[] {"runs", "approve"})).isTrue();
  }

  /**
   * Walks the words down the tree: each word below a command that has subcommands must be one of
   * them; the words after a command without subcommands are its arguments.
   */
  private static boolean exists(CommandLine root, String[] words) {
    CommandLine at = root;
    for (String word : words) {
      if (at.getSubcommands().isEmpty()) {
        return true;
      }
      at = at.getSubcommands().get(word);
      if (at == null) {
        return false;
      }
    }
    return true;
  }
}
