package io.kxm.testkit.provider;

import java.util.List;

/** A scripted tool call with the ids one rendering of it gives it on the wire. */
record ToolCallIds(ToolCall call, String callId, String itemId) {
  static List<ToolCallIds> assign(Turn turn, String callPrefix) {
    return turn.toolCalls().stream()
        .map(call -> new ToolCallIds(call, WireIds.next(callPrefix), WireIds.next("fc_")))
        .toList();
  }

  String name() {
    return call.name();
  }
}
