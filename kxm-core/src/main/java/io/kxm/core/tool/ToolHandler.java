package io.kxm.core.tool;

import io.kxm.core.error.KxmException;
import tools.jackson.databind.JsonNode;

/** A tool's implementation: validated arguments in, a JSON result out. */
@FunctionalInterface
public interface ToolHandler {

  /**
   * Runs the tool.
   *
   * @throws KxmException when the input breaks a limit or the hub refuses; surfaces turn it into an
   *     error text that starts with the code
   */
  JsonNode call(ToolArguments arguments, ToolContext context);
}
