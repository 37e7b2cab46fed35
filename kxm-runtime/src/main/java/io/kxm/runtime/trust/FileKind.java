package io.kxm.runtime.trust;

/**
 * What a file under {@code .kxm/} is, by its path. Anything not named here is {@link #OTHER}, and a
 * change to it widens, since the review cannot tell what it grants.
 */
enum FileKind {
  PROJECT,
  AGENT,
  MODEL,
  WORKFLOW,
  GATES,
  ROUTES,
  ROLE,
  PRICES,
  MEMORY,
  SKILL,
  OTHER;

  /** The kind of {@code relative}, a path under {@code .kxm/} with {@code /} separators. */
  static FileKind of(String relative) {
    return switch (relative) {
      case "project.yaml" -> PROJECT;
      case "gates.yaml" -> GATES;
      case "routes.yaml" -> ROUTES;
      case "prices.yaml" -> PRICES;
      default -> inFolder(relative);
    };
  }

  private static FileKind inFolder(String relative) {
    int slash = relative.indexOf('/');
    if (slash < 0) {
      return OTHER;
    }
    String folder = relative.substring(0, slash);
    String rest = relative.substring(slash + 1);
    boolean yaml = !rest.contains("/") && (rest.endsWith(".yaml") || rest.endsWith(".yml"));
    return switch (folder) {
      case "agents" -> yaml ? AGENT : OTHER;
      case "models" -> yaml ? MODEL : OTHER;
      case "workflows" -> yaml ? WORKFLOW : OTHER;
      case "roles" -> yaml ? ROLE : OTHER;
      case "memory" -> MEMORY;
      case "skills" -> SKILL;
      default -> OTHER;
    };
  }
}
