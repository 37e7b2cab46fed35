package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Scenario;
import java.util.List;

/**
 * Sixteen A2A clients sending {@code SendMessage} to one hub agent's A2A endpoint on the shared
 * SQLite hub, each waiting for its task: tasks created per second. Each is a durable request with
 * its idempotency key, so it is reported beside the bare POST that {@code durable-send-sqlite} is
 * measured against.
 */
public final class A2aSendScenario implements Scenario {
  static final int CLIENTS = 16;
  private static final String CONTENT = "x".repeat(500);

  @Override
  public String name() {
    return "a2a-send";
  }

  @Override
  public String title() {
    return "A2A SendMessage, " + CLIENTS + " clients, SQLite";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(new Comparison("tasks/s", "bare-post", "requests/s", null));
  }

  @Override
  public Measure product() {
    return new RequestRate(
        "hub A2A SendMessage (returnImmediately), " + CLIENTS + " clients, one agent",
        "tasks/s",
        CLIENTS,
        (client, c) -> {
          client.register(c, "a2a-target", "answers A2A clients in the benchmark");
          return (connection, i, n) -> {
            // a fresh messageId each time: a repeated one is the same task
            String text =
                connection
                    .send(client.a2aSendRequest("a2a-target", "bench-" + i + "-" + n, CONTENT))
                    .expect(200, "A2A SendMessage")
                    .text();
            // a JSON-RPC error is answered with 200 too
            if (!text.contains("\"result\"")) {
              throw new IllegalStateException("A2A SendMessage refused: " + text);
            }
          };
        });
  }
}
