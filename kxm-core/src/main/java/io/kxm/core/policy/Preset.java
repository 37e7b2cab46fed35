package io.kxm.core.policy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Set;

/** Named sets of tools a policy blocks without listing them. */
public enum Preset {
  /**
   * Blocks every tool that sends, answers, cancels, checkpoints, records, waits, proposes, reserves
   * or releases.
   */
  READ_ONLY(
      "read-only",
      Set.of(
          "kxm_send",
          "kxm_fanout",
          "kxm_cancel",
          "kxm_reply",
          "kxm_workflow_checkpoint",
          "kxm_workflow_record",
          "kxm_workflow_wait",
          "kxm_promote",
          "kxm_reserve",
          "kxm_release"));

  private final String wire;
  private final Set<String> blocked;

  Preset(String wire, Set<String> blocked) {
    this.wire = wire;
    this.blocked = blocked;
  }

  @JsonValue
  public String wire() {
    return wire;
  }

  public boolean blocks(String tool) {
    return blocked.contains(tool);
  }

  /** Parses the wire form; an unknown name is an error, so a typo never widens a policy. */
  @JsonCreator
  public static Preset fromWire(String value) {
    for (Preset preset : values()) {
      if (preset.wire.equals(value)) {
        return preset;
      }
    }
    throw new IllegalArgumentException("unknown preset '" + value + "'; known: read-only");
  }
}
