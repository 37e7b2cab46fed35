package io.kxm.cli.peer;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.session.ToolPolicyLoader;
import io.kxm.core.json.Json;
import io.kxm.core.policy.PolicyDecision;
import io.kxm.core.tool.ToolContext;
import io.kxm.core.tool.ToolDefinition;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One catalog tool as a command: its options come from the tool's JSON Schema, and running it calls
 * the tool's own implementation with the hub as the agent's peer port, so the CLI and MCP cannot
 * behave differently. The tool policy applies as it does over MCP.
 */
final class ToolSubcommand implements Callable<Integer> {
  static final String PREFIX = "kxm_";
  static final String JSON = "--json";

  private final ToolDefinition tool;
  private final CliContext context;
  private final List<ToolOption> options;
  private final CommandSpec spec;

  ToolSubcommand(ToolDefinition tool, CliContext context) {
    this.tool = tool;
    this.context = context;
    this.options = ToolOption.of(tool.inputSchema());
    this.spec = CommandSpec.wrapWithoutInspection(this);
    spec.mixinStandardHelpOptions(true);
    spec.usageMessage().description(tool.description());
    options.forEach(option -> spec.addOption(OptionSpecs.of(option)));
    spec.addOption(
        OptionSpec.builder(JSON)
            .type(boolean.class)
            .description("Print the tool's JSON result.")
            .build());
  }

  /** {@code kxm_send} → {@code send}. */
  static String commandName(ToolDefinition tool) {
    return tool.name().substring(PREFIX.length());
  }

  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    if (ToolPolicyLoader.load(context).check(tool.name()) instanceof PolicyDecision.Denied denied) {
      throw denied.toException();
    }
    String defaultName = "cli-" + ProcessHandle.current().pid();
    JsonNode result;
    try (LazyPeers peers =
        new LazyPeers(() -> context.agents().open(AgentSettings.resolve(context, defaultName)))) {
      result = tool.call(arguments(), ToolContext.of(peers));
    }
    if (Boolean.TRUE.equals(spec.findOption(JSON).getValue())) {
      context.out().println(Json.write(result));
    } else {
      context.out().print(PeerText.render(tool.name(), result));
    }
    context.out().flush();
    return 0;
  }

  /** The tool's arguments: each option given, under its schema property name. */
  private ObjectNode arguments() {
    ObjectNode args = Json.object();
    for (ToolOption option : options) {
      Object value = spec.findOption(option.name()).getValue();
      switch (option.kind()) {
        case STRING -> {
          if (value != null) {
            args.put(option.property(), (String) value);
          }
        }
        case INTEGER -> {
          if (value != null) {
            args.put(option.property(), (Long) value);
          }
        }
        case BOOLEAN -> {
          if (Boolean.TRUE.equals(value)) {
            args.put(option.property(), true);
          }
        }
        case STRINGS -> {
          if (value instanceof List<?> list && !list.isEmpty()) {
            ArrayNode items = args.putArray(option.property());
            list.forEach(item -> items.add(String.valueOf(item)));
          }
        }
        case OBJECT -> {
          if (value != null) {
            args.set(option.property(), (JsonNode) value);
          }
        }
      }
    }
    return args;
  }
}
