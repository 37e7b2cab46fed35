package io.kxm.runtime.config;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;

/**
 * A second look at the raw event stream of the parser under Jackson: Jackson reports no anchor on a
 * scalar ({@code a: &x 1}), so anchors, aliases and explicit tags are caught here for every node.
 */
final class YamlEvents {
  private static final LoadSettings SETTINGS = LoadSettings.builder().build();

  private YamlEvents() {}

  static void refuseReferencesAndTags(String text) {
    for (Event event : new Parse(SETTINGS).parseString(text)) {
      int line = event.getStartMark().map(m -> m.getLine() + 1).orElse(0);
      if (event instanceof AliasEvent) {
        throw new RestrictedYaml.Refused(
            line, "$", "no-alias", "YAML aliases (*name) are not allowed");
      }
      if (event instanceof NodeEvent node && node.getAnchor().isPresent()) {
        throw new RestrictedYaml.Refused(
            line, "$", "no-anchor", "YAML anchors (&name) are not allowed");
      }
      String tag =
          switch (event) {
            case ScalarEvent s -> s.getTag().orElse(null);
            case CollectionStartEvent c -> c.getTag().orElse(null);
            default -> null;
          };
      if (tag != null) {
        throw new RestrictedYaml.Refused(
            line, "$", "no-tag", "YAML tags (" + tag + ") are not allowed");
      }
    }
  }
}
