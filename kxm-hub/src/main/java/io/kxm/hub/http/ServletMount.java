package io.kxm.hub.http;

import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import java.util.List;

/**
 * A servlet at an exact path beside Javalin (the MCP transport at {@code /mcp}), with the filters
 * that guard it. Javalin's handlers do not run for it, so the filters must do the browser and
 * credential checks; {@link HubFilter} does both.
 */
public record ServletMount(String path, Servlet servlet, List<Filter> filters) {
  public ServletMount {
    if (path == null || !path.startsWith("/") || path.contains("*")) {
      throw new IllegalArgumentException(
          "a servlet mounts at an exact path like /mcp, got " + path);
    }
    filters = List.copyOf(filters);
  }
}
