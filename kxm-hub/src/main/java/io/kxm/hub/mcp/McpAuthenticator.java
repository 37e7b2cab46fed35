package io.kxm.hub.mcp;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.mcp.http.BearerAuthenticator;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Who an MCP request speaks for, as a project name. A project token speaks for its project. The
 * admin token speaks for the project the request names ({@value #PROJECT_HEADER} or {@code
 * ?project=}), and only when that project has no token of its own, as on the agent routes.
 */
final class McpAuthenticator implements BearerAuthenticator<String> {
  static final String PROJECT_HEADER = "X-KXM-Project";
  static final String PROJECT_PARAMETER = "project";

  private final HubCredentials credentials;

  McpAuthenticator(HubCredentials credentials) {
    this.credentials = credentials;
  }

  @Override
  public Optional<String> authenticate(String token) {
    return authenticate(token, null);
  }

  @Override
  public Optional<String> authenticate(String token, HttpServletRequest request) {
    if (token == null) {
      return Optional.empty();
    }
    Optional<Principal> principal = credentials.authenticate(token);
    if (principal.isEmpty()) {
      return Optional.empty();
    }
    String named = request == null ? null : namedProject(request);
    return Optional.of(
        switch (principal.get()) {
          case Principal.Project project -> ownProject(project.name(), named);
          case Principal.Admin admin -> adminProject(named);
        });
  }

  private static String ownProject(String project, String named) {
    if (named != null && !named.equals(project)) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "the token belongs to project '" + project + "', not '" + named + "'");
    }
    return project;
  }

  private String adminProject(String named) {
    if (named == null) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "the admin token acts for one project at a time on /mcp: name it in the "
              + PROJECT_HEADER
              + " header or as ?"
              + PROJECT_PARAMETER
              + "=<name>",
          "Give agents a project token instead: kxm auth project-token create <project>.");
    }
    ProjectNames.require(named);
    credentials
        .projectSpelledOtherwise(named)
        .ifPresent(existing -> {
          throw ProjectNames.taken(named, existing);
        });
    if (credentials.hasProjectToken(named)) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "project '" + named + "' has a token of its own; the admin token may not act for it");
    }
    return named;
  }

  /** The header wins over the query parameter; blank counts as absent. */
  private static String namedProject(HttpServletRequest request) {
    String header = request.getHeader(PROJECT_HEADER);
    if (header != null && !header.isBlank()) {
      return header.strip();
    }
    String query = queryParameter(request.getQueryString(), PROJECT_PARAMETER);
    return query == null || query.isBlank() ? null : query.strip();
  }

  /** Read by hand: {@code getParameter} may consume a form body, and the body is the SDK's. */
  private static String queryParameter(String query, String name) {
    if (query == null) {
      return null;
    }
    try {
      for (String pair : query.split("&")) {
        int eq = pair.indexOf('=');
        String key =
            URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        if (key.equals(name)) {
          return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        }
      }
    } catch (IllegalArgumentException e) {
      // Malformed escapes read as absent; the caller then names what is missing.
    }
    return null;
  }
}
