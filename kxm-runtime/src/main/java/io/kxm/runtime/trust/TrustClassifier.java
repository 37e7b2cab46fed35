package io.kxm.runtime.trust;

import io.kxm.runtime.config.ConfigTree;
import io.kxm.runtime.config.ReviewedYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Classifies every difference between two {@code .kxm/} trees. A pure function of the two
 * snapshots: the Git and disk reading lives elsewhere, so the rules are tested on plain values.
 * What cannot be read (a link, a file that does not parse, a file of unknown kind) widens, since a
 * review that cannot tell what a change grants must not call it harmless.
 */
final class TrustClassifier {
  private TrustClassifier() {}

  static List<TrustChange> diff(ConfigTree base, ConfigTree current) {
    List<TrustChange> out = new ArrayList<>();
    Set<String> paths = new TreeSet<>(base.files().keySet());
    paths.addAll(current.files().keySet());
    for (String relative : paths) {
      ConfigTree.Content before = base.files().get(relative);
      ConfigTree.Content after = current.files().get(relative);
      if (before != null && before.sameAs(after)) {
        continue;
      }
      file(new Changes(".kxm/" + relative, out), FileKind.of(relative), before, after);
    }
    return out;
  }

  private static void file(
      Changes c, FileKind kind, ConfigTree.Content before, ConfigTree.Content after) {
    if ((before != null && before.link()) || (after != null && after.link())) {
      c.widening(
          "$",
          "link-changed",
          "a symbolic link or submodule can point outside the reviewed tree",
          null,
          null);
      return;
    }
    switch (kind) {
      case MEMORY ->
          text(
              c,
              before,
              after,
              TrustEffect.NEUTRAL,
              "memory-changed",
              "memory is context text for agents and grants nothing");
      case SKILL ->
          text(
              c,
              before,
              after,
              after == null ? TrustEffect.NARROWING : TrustEffect.WIDENING,
              after == null ? "skill-removed" : "skill-changed",
              after == null
                  ? "a skill no longer reaches agents"
                  : "skill text reaches agents as instructions they act on");
      case OTHER ->
          text(
              c,
              before,
              after,
              TrustEffect.WIDENING,
              "unclassified-file",
              "the trust review does not know this file, so any change to it counts as widening");
      case PROJECT, AGENT, MODEL, WORKFLOW, GATES, ROUTES, ROLE, PRICES ->
          yaml(c, kind, before, after);
    }
  }

  private static void text(
      Changes c,
      ConfigTree.Content before,
      ConfigTree.Content after,
      TrustEffect effect,
      String change,
      String reason) {
    String state = before == null ? "added" : after == null ? "removed" : "changed";
    c.add(effect, "$", change, "file " + state + ": " + reason, null, null);
  }

  private static void yaml(
      Changes c, FileKind kind, ConfigTree.Content before, ConfigTree.Content after) {
    JsonNode b;
    JsonNode a;
    try {
      b = before == null ? null : ReviewedYaml.parse(before.text());
      a = after == null ? null : ReviewedYaml.parse(after.text());
    } catch (IllegalArgumentException e) {
      c.widening(
          "$",
          "unreadable-file",
          "the file is not reviewed YAML ("
              + e.getMessage()
              + "), so its change counts as widening",
          null,
          null);
      return;
    }
    if ((b != null && !b.isObject()) || (a != null && !a.isObject())) {
      c.widening(
          "$",
          "unreadable-file",
          "the file is not a YAML mapping, so its change counts as widening",
          b,
          a);
      return;
    }
    int recordedBefore = c.recorded();
    switch (kind) {
      case PROJECT -> ProjectTrust.compare(c, b, a);
      case AGENT -> AgentTrust.compare(c, b, a);
      case MODEL -> ModelTrust.compare(c, b, a);
      case WORKFLOW -> WorkflowTrust.compare(c, b, a);
      case GATES -> GateTrust.compare(c, b, a);
      case ROUTES -> RouteTrust.compare(c, b, a);
      case ROLE -> RoleTrust.compare(c, b, a);
      case PRICES -> PriceTrust.compare(c, b, a);
      case MEMORY, SKILL, OTHER -> throw new IllegalStateException(kind + " is not YAML");
    }
    if (b != null && a != null && !Changes.differ(b, a)) {
      c.neutral(
          "$", "layout-changed", "comments or layout changed; the values are the same", null, null);
    } else if (c.recorded() == recordedBefore) {
      // the values differ yet no rule named the difference: a gap in the rules must not pass
      c.widening(
          "$",
          "unclassified-change",
          "the file changed in a way no trust rule recognises, so it counts as widening",
          b,
          a);
    }
  }
}
