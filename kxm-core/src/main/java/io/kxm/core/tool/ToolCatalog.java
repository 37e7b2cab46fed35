package io.kxm.core.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every agent tool, in a fixed order. MCP, the CLI and any other surface read this catalog; none
 * keeps a list of its own.
 */
public final class ToolCatalog {
  private final Map<String, ToolDefinition> tools;
  private final List<ToolDefinition> order;

  public ToolCatalog(List<ToolDefinition> definitions) {
    Map<String, ToolDefinition> byName = new LinkedHashMap<>();
    for (ToolDefinition tool : definitions) {
      if (byName.putIfAbsent(tool.name(), tool) != null) {
        throw new IllegalArgumentException("tool defined twice: " + tool.name());
      }
    }
    this.tools = Map.copyOf(byName);
    this.order = List.copyOf(byName.values());
  }

  /** The catalog as it ships: the tools that work today. */
  public static ToolCatalog standard() {
    List<ToolDefinition> all = new java.util.ArrayList<>(PeerTools.all());
    all.addAll(WorkflowTools.all());
    all.addAll(ContextTools.all());
    all.addAll(ReservationTools.all());
    return new ToolCatalog(all);
  }

  public List<ToolDefinition> tools() {
    return order;
  }

  public Optional<ToolDefinition> find(String name) {
    return Optional.ofNullable(tools.get(name));
  }

  public List<String> names() {
    return order.stream().map(ToolDefinition::name).toList();
  }
}
