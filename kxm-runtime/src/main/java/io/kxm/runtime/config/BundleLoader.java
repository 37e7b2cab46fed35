package io.kxm.runtime.config;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.ProjectBundle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Builds the typed {@link ProjectBundle} from a {@code .kxm/} tree, only after {@link ConfigLoader}
 * accepted the whole tree: a run is never created from a tree that a review would reject. Because
 * the schemas and the rules between files already held, the reads below need no checks of their
 * own.
 */
public final class BundleLoader {
  // the same default gates.schema.json declares for timeoutMs
  static final Duration DEFAULT_GATE_TIMEOUT = Duration.ofMinutes(10);
  // keeps the exception message readable for a tree with hundreds of problems
  private static final int LISTED_ERRORS = 50;

  private BundleLoader() {}

  /**
   * Loads {@code projectRoot/.kxm}.
   *
   * @throws KxmException {@code config_not_found} without a {@code .kxm/} folder, {@code
   *     config_tree_invalid} listing every error when the tree does not validate
   */
  public static ProjectBundle load(Path projectRoot) {
    Path root = projectRoot.toAbsolutePath().normalize();
    return load(root, ConfigTree.fromDisk(root));
  }

  /**
   * Loads {@code tree}, the {@code .kxm/} of the project at {@code projectRoot} as read from disk
   * or from a commit.
   *
   * @throws KxmException as {@link #load(Path)} does
   */
  public static ProjectBundle load(Path projectRoot, ConfigTree tree) {
    Path root = projectRoot.toAbsolutePath().normalize();
    if (!tree.exists()) {
      throw new KxmException(ErrorCode.CONFIG_NOT_FOUND, "no .kxm/ folder in " + root);
    }
    ConfigLoader.Checked checked = ConfigLoader.checkAndKeep(tree);
    if (!checked.report().valid()) {
      throw new KxmException(ErrorCode.CONFIG_TREE_INVALID, describe(root, checked.report()));
    }
    JsonNode project = null;
    JsonNode gates = null;
    List<JsonNode> agents = new ArrayList<>();
    List<JsonNode> workflows = new ArrayList<>();
    for (ConfigFile file : checked.files()) {
      JsonNode node = file.document().root();
      switch (file.kind()) {
        case PROJECT -> project = node;
        case GATES -> gates = node;
        case AGENT -> agents.add(node);
        case WORKFLOW -> workflows.add(node);
        case MODEL, ROUTES, PRICES, ROLE, CONFIG, PROVIDERS -> {}
      }
    }
    // ConfigLoader reports a missing project.yaml, so a valid tree always has one
    String defaultHarness = text(project, "defaultHarness");
    return new ProjectBundle(
        root,
        project.path("name").asString(),
        defaultHarness,
        project.path("limits").path("maxConcurrentRuns").asInt(1),
        byId(agents.stream().map(a -> agent(a, defaultHarness)).toList(), ProjectBundle.Agent::id),
        byId(workflows.stream().map(BundleLoader::workflow).toList(), ProjectBundle.Workflow::id),
        gates(gates));
  }

  private static String describe(Path root, ConfigReport report) {
    List<ConfigError> errors = report.errors();
    String listed =
        errors.stream()
            .limit(LISTED_ERRORS)
            .map(ConfigError::toString)
            .collect(Collectors.joining("\n  ", "\n  ", ""));
    String more =
        errors.size() > LISTED_ERRORS
            ? "\n  ... and " + (errors.size() - LISTED_ERRORS) + " more"
            : "";
    return errors.size() + " error(s) in .kxm/ of " + root + ":" + listed + more;
  }

  private static ProjectBundle.Agent agent(JsonNode a, String defaultHarness) {
    String harness = text(a, "harness");
    return new ProjectBundle.Agent(
        a.path("id").asString(),
        harness == null ? defaultHarness : harness,
        a.path("model").asString(),
        a.path("purpose").asString(),
        text(a, "role"),
        strings(a.path("command")),
        text(a, "hubAgent"),
        a.path("sandbox").asBoolean(false));
  }

  private static ProjectBundle.Workflow workflow(JsonNode w) {
    List<ProjectBundle.Step> steps = new ArrayList<>();
    for (JsonNode s : w.path("steps")) {
      steps.add(
          new ProjectBundle.Step(
              s.path("id").asString(),
              s.path("type").asString(),
              text(s, "agent"),
              strings(s.path("agents")),
              text(s, "aggregator"),
              text(s, "gate"),
              text(s, "prompt"),
              s.has("timeoutMs") ? Duration.ofMillis(s.path("timeoutMs").asLong()) : null,
              strings(s.path("assignments").path("allowedAgents")),
              s.path("writes").asBoolean(false),
              strings(s.path("uses"))));
    }
    Map<String, ProjectBundle.Resource> resources = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> r : w.path("resources").properties()) {
      JsonNode ttl = r.getValue().path("ttlMs");
      resources.put(
          r.getKey(),
          new ProjectBundle.Resource(
              r.getKey(),
              text(r.getValue(), "description"),
              ttl.isNumber() ? Duration.ofMillis(ttl.asLong()) : null));
    }
    return new ProjectBundle.Workflow(
        w.path("id").asString(), text(w, "description"), text(w, "coordinator"), steps, resources);
  }

  private static Map<String, ProjectBundle.Gate> gates(JsonNode gatesFile) {
    Map<String, ProjectBundle.Gate> gates = new LinkedHashMap<>();
    if (gatesFile == null) {
      return gates;
    }
    for (Map.Entry<String, JsonNode> e : gatesFile.path("gates").properties()) {
      JsonNode g = e.getValue();
      Duration timeout =
          g.has("timeoutMs")
              ? Duration.ofMillis(g.path("timeoutMs").asLong())
              : DEFAULT_GATE_TIMEOUT;
      gates.put(
          e.getKey(),
          new ProjectBundle.Gate(
              e.getKey(),
              text(g, "description"),
              strings(g.path("argv")),
              timeout,
              g.path("sandbox").asBoolean(false)));
    }
    return gates;
  }

  private static <T> Map<String, T> byId(
      List<T> values, java.util.function.Function<T, String> id) {
    Map<String, T> map = new LinkedHashMap<>();
    values.forEach(v -> map.put(id.apply(v), v));
    return map;
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isString() ? value.asString() : null;
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(v -> out.add(v.asString()));
    return out;
  }
}
