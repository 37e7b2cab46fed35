package io.kxm.runtime.trust;

import java.util.Set;
import tools.jackson.databind.JsonNode;

/** {@code project.yaml}: the default harness and the run limit carry permissions; words do not. */
final class ProjectTrust {
  private static final Set<String> KNOWN =
      Set.of("name", "description", "defaultHarness", "limits");
  private static final Set<String> LIMITS = Set.of("maxConcurrentRuns");

  private ProjectTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    if (before == null) {
      c.widening(
          "$",
          "project-added",
          "a project configuration appears, so runs become possible",
          null,
          after);
      return;
    }
    if (after == null) {
      c.narrowing(
          "$",
          "project-removed",
          "the project configuration is gone, so no run can start",
          before,
          null);
      return;
    }
    c.neutralIfChanged(
        before, after, "name", "$.name", "project-renamed", "the project's name changed");
    c.neutralIfChanged(
        before,
        after,
        "description",
        "$.description",
        "description-changed",
        "a description changed");
    c.widenIfChanged(
        before,
        after,
        "defaultHarness",
        "$.defaultHarness",
        "default-harness-changed",
        "agents that name no harness now run in another one");
    JsonNode limitsBefore = Changes.value(before, "limits");
    JsonNode limitsAfter = Changes.value(after, "limits");
    c.limit(
        limitsBefore,
        limitsAfter,
        "maxConcurrentRuns",
        "$.limits.maxConcurrentRuns",
        "concurrent runs",
        1);
    c.unknownFields(limitsBefore, limitsAfter, "$.limits", LIMITS);
    c.unknownFields(before, after, "$", KNOWN);
  }
}
