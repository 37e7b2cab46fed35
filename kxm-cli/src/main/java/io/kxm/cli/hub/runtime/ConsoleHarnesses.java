package io.kxm.cli.hub.runtime;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.settings.EnvSettings;
import io.kxm.runtime.config.RoutingConfig;
import io.kxm.runtime.route.Route;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The harnesses a console chat may start a session on. A browser names one by id and never sends a
 * program or arguments: the routes the project's {@code .kxm/routes.yaml} lists ({@code
 * route:<harness>:<provider/model>}, admitted again by the supervisor), and the programs the hub's
 * operator named in {@value #VARIABLE} ({@code command:<name>}), as {@code name=program args,…}
 * with arguments split on spaces, run in the project folder.
 */
final class ConsoleHarnesses {
  static final String VARIABLE = "KXM_CONSOLE_COMMANDS";
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

  /**
   * One choice: its id, a label for people, and what the supervisor gets.
   *
   * @param argv the program for a {@code command} harness, empty otherwise
   * @param model the route's model; null for a command
   */
  record Choice(String id, String label, String type, List<String> argv, String model) {}

  private final Map<String, List<String>> commands;
  private final Path projectRoot;

  private ConsoleHarnesses(Map<String, List<String>> commands, Path projectRoot) {
    this.commands = commands;
    this.projectRoot = projectRoot;
  }

  /**
   * @throws KxmException {@code config_invalid} naming {@value #VARIABLE} for a bad entry
   */
  static ConsoleHarnesses fromEnvironment(Map<String, String> env, Path projectRoot) {
    Map<String, List<String>> commands = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : EnvSettings.of(env).pairs(VARIABLE).entrySet()) {
      if (!NAME.matcher(e.getKey()).matches()) {
        throw EnvSettings.invalid(
            VARIABLE,
            "names must be lower-case letters, digits, '_' or '-', got '" + e.getKey() + "'");
      }
      commands.put(e.getKey(), List.of(e.getValue().strip().split("\\s+")));
    }
    return new ConsoleHarnesses(Map.copyOf(commands), projectRoot);
  }

  /** Every choice, the operator's commands first, then the project's routes in file order. */
  List<Choice> choices() {
    List<Choice> choices = new ArrayList<>();
    commands.forEach((name, argv) ->
        choices.add(
            new Choice(
                "command:" + name, name + " (" + argv.getFirst() + ")", "command", argv, null)));
    for (Route route : RoutingConfig.routes(projectRoot).admitted()) {
      String harness = route.harness().wireName();
      if (!harness.equals("command")) {
        choices.add(
            new Choice(
                "route:" + harness + ":" + route.model(),
                harness + " on " + route.model(),
                harness,
                List.of(),
                route.model()));
      }
    }
    return choices;
  }

  /**
   * @throws KxmException {@code harness_invalid} for an id no choice has
   */
  Choice require(String id) {
    return choices().stream()
        .filter(c -> c.id().equals(id))
        .findFirst()
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.HARNESS_INVALID,
                "no admitted harness has the id '" + id + "'",
                "Pick one GET /v1/runtime/supervisor/harnesses lists; an operator adds a program with "
                    + VARIABLE
                    + ", a route in .kxm/routes.yaml."));
  }
}
