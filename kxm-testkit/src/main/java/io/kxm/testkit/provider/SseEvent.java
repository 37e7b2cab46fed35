package io.kxm.testkit.provider;

import java.nio.charset.StandardCharsets;

/** One server-sent event as written on the wire; Chat Completions chunks carry no event name. */
record SseEvent(String event, String data) {
  static SseEvent named(String event, Object json) {
    return new SseEvent(event, io.kxm.core.json.Json.write(json));
  }

  static SseEvent unnamed(String data) {
    return new SseEvent(null, data);
  }

  byte[] bytes() {
    String frame = (event == null ? "" : "event: " + event + "\n") + "data: " + data + "\n\n";
    return frame.getBytes(StandardCharsets.UTF_8);
  }
}
