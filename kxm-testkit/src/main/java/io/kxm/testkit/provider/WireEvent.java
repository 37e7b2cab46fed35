package io.kxm.testkit.provider;

import io.kxm.core.sse.SseWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/** One server-sent event as written on the wire; Chat Completions chunks carry no event name. */
record WireEvent(String event, String data) {
  static WireEvent named(String event, Object json) {
    return new WireEvent(event, io.kxm.core.json.Json.write(json));
  }

  static WireEvent unnamed(String data) {
    return new WireEvent(null, data);
  }

  /**
   * The events as the turn ends them: all of them, or for {@link StreamEnd.Failed} the first few
   * followed by the dialect's error event, made from the count of events before it and the message.
   */
  static List<WireEvent> endedAs(
      StreamEnd end, List<WireEvent> events, BiFunction<Integer, String, WireEvent> error) {
    if (!(end instanceof StreamEnd.Failed failed)) {
      return events;
    }
    int kept = Math.min(failed.events(), events.size());
    List<WireEvent> out = new ArrayList<>(events.subList(0, kept));
    out.add(error.apply(kept, failed.message()));
    return out;
  }

  byte[] bytes() {
    return SseWriter.encode(-1, event, data);
  }
}
