package io.kxm.session.builtin;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.session.provider.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The built-in agent's tools by name, and the one place a call's failure becomes its result. */
final class WorkspaceTools {
  private final Map<String, WorkspaceTool> byName = new LinkedHashMap<>();

  /**
   * @param commandEnvironment the environment {@code run_command} gives its processes
   * @param sandbox holds every command {@code run_command} starts; null runs them as they are
   */
  WorkspaceTools(Map<String, String> commandEnvironment, Sandbox sandbox) {
    for (WorkspaceTool tool :
        List.of(
            new ListFilesTool(),
            new ReadFileTool(),
            new SearchTool(),
            new WriteFileTool(),
            new EditFileTool(),
            new RunCommandTool(commandEnvironment, sandbox))) {
      byName.put(tool.spec().name(), tool);
    }
  }

  List<ToolSpec> specs() {
    return byName.values().stream().map(WorkspaceTool::spec).toList();
  }

  /** The tools that change nothing, all a read-only turn is offered. */
  List<ToolSpec> readingSpecs() {
    return byName.values().stream()
        .filter(t -> !t.changesFiles())
        .map(WorkspaceTool::spec)
        .toList();
  }

  Optional<WorkspaceTool> tool(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /**
   * Runs one call. Refusals, forbidden paths and unknown tools become error results the model
   * reads; only a cancellation leaves by exception.
   */
  ToolRun run(String name, JsonNode input, WorkspacePaths at) throws InterruptedException {
    WorkspaceTool tool = byName.get(name);
    if (tool == null) {
      return ToolRun.error("no tool named '" + name + "'; the tools are " + byName.keySet());
    }
    try {
      return tool.run(new ToolInput(input), at);
    } catch (ToolRefusal e) {
      return ToolRun.error(e.getMessage());
    } catch (KxmException e) {
      return ToolRun.error(e.code().code() + ": " + e.getMessage());
    }
  }
}
