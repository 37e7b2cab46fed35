package io.kxm.bench.fault;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubClient;
import io.kxm.bench.product.HubEndpoint;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/** Registering the agents of a fault run, and reading back what the hub stored. */
final class Agents {
  private Agents() {}

  static Agent register(HubEndpoint hub, String name) throws IOException {
    try (HttpConnection c = HttpConnection.open(hub.base())) {
      return new HubClient(hub).register(c, name, "fault run");
    }
  }

  static List<Agent> register(HubEndpoint hub, String prefix, int count) throws IOException {
    List<Agent> agents = new ArrayList<>();
    try (HttpConnection c = HttpConnection.open(hub.base())) {
      HubClient client = new HubClient(hub);
      for (int i = 0; i < count; i++) {
        agents.add(client.register(c, prefix + "-" + i, "fault run"));
      }
    }
    return agents;
  }

  /**
   * How many of {@code ids} the hub answers with 200 when {@code reader} (their recipient) asks for
   * each, over a few connections at once.
   */
  static long present(HubEndpoint hub, Agent reader, Collection<String> ids)
      throws InterruptedException {
    ConcurrentLinkedQueue<String> todo = new ConcurrentLinkedQueue<>(ids);
    AtomicLong found = new AtomicLong();
    List<Thread> workers = new ArrayList<>();
    for (int w = 0; w < 8; w++) {
      workers.add(
          Thread.ofVirtual()
              .start(() -> {
                try (HttpConnection c = HttpConnection.open(hub.base())) {
                  for (String id = todo.poll(); id != null; id = todo.poll()) {
                    HttpResponse r = c.send(Wire.getMessage(hub, reader, id));
                    if (r.status() == 200) {
                      found.incrementAndGet();
                    }
                  }
                } catch (IOException e) {
                  // counted as missing: whatever was not read back is not present
                }
              }));
    }
    for (Thread t : workers) {
      t.join();
    }
    return found.get();
  }
}
