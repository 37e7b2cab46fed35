package io.kxm.testkit;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tools.jackson.databind.JsonNode;

/**
 * The metric names that the shipped Grafana dashboard and Prometheus alert rules query, read from
 * {@code docs/} as a person would load them: the rules as YAML, the dashboard as JSON. A server's
 * test checks that each name it owns is in a real scrape, so neither file can name a metric that
 * does not exist.
 */
public final class MetricDocs {
  public static final Path ALERTS = Path.of("docs", "prometheus", "kxm-alerts.yml");
  public static final Path DASHBOARD = Path.of("docs", "grafana", "kxm-dashboard.json");
  private static final Pattern METRIC = Pattern.compile("\\b(kxm_[a-z0-9_]+|http_server_[a-z_]+)");

  private MetricDocs() {}

  /** Every metric name queried by an alert rule or a dashboard panel, under {@code repoRoot}. */
  public static Set<String> queried(Path repoRoot) {
    Set<String> names = new TreeSet<>();
    alertExpressions(repoRoot).forEach(expr -> names.addAll(namesIn(expr)));
    dashboardExpressions(repoRoot).forEach(expr -> names.addAll(namesIn(expr)));
    return names;
  }

  /** The {@code expr} of every rule, failing on a file that is not the rules' shape. */
  @SuppressWarnings("unchecked")
  public static List<String> alertExpressions(Path repoRoot) {
    Object loaded =
        new Load(LoadSettings.builder().build()).loadFromString(read(repoRoot.resolve(ALERTS)));
    List<String> exprs = new java.util.ArrayList<>();
    for (Object group : (List<Object>) ((Map<String, Object>) loaded).get("groups")) {
      for (Object rule : (List<Object>) ((Map<String, Object>) group).get("rules")) {
        Map<String, Object> fields = (Map<String, Object>) rule;
        if (!(fields.get("alert") instanceof String) || !(fields.get("expr") instanceof String)) {
          throw new AssertionError("a rule without alert or expr: " + fields);
        }
        exprs.add((String) fields.get("expr"));
      }
    }
    return exprs;
  }

  public static List<String> dashboardExpressions(Path repoRoot) {
    JsonNode dashboard = Json.read(read(repoRoot.resolve(DASHBOARD)));
    List<String> exprs = new java.util.ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        exprs.add(target.path("expr").asString());
      }
    }
    return exprs;
  }

  private static Set<String> namesIn(String expr) {
    Set<String> names = new TreeSet<>();
    Matcher m = METRIC.matcher(expr);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
