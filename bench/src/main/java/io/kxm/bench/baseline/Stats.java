package io.kxm.bench.baseline;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import java.net.URI;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads the bare server's {@code /stats}: connected subscribers. */
final class Stats {
  private Stats() {}

  static int subscribers(URI base) throws Exception {
    try (HttpConnection c = HttpConnection.open(base)) {
      JsonNode n =
          JsonMapper.shared()
              .readTree(
                  c.send(Request.get(base, "/stats", Map.of())).expect(200, "GET /stats").text());
      return n.path("subscribers").asInt();
    }
  }

  /** Waits until the server counts at least {@code count} subscribers; fails after 60 s. */
  static int awaitSubscribers(URI base, int count) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    int seen = 0;
    while (System.nanoTime() < deadline) {
      seen = subscribers(base);
      if (seen >= count) {
        return seen;
      }
      Thread.sleep(50); // polling a bench server, not a test: nothing to signal on
    }
    throw new IllegalStateException("the server counted " + seen + " of " + count + " subscribers");
  }
}
