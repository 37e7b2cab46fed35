package io.kxm.bench.product;

import io.kxm.bench.client.HttpConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Registers many agents at once, over a few keep-alive connections. */
final class Roster {
  private static final int REGISTRANTS = 16;

  private Roster() {}

  /** Agents {@code prefix-00000}, {@code prefix-00001}, …, in that order. */
  static List<Agent> register(HubClient client, String prefix, int count) throws Exception {
    return register(client, prefix, count, "holds an idle event stream");
  }

  /** The same agents, each registered with {@code purpose}. */
  static List<Agent> register(HubClient client, String prefix, int count, String purpose)
      throws Exception {
    Agent[] agents = new Agent[count];
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> running = new ArrayList<>();
      for (int w = 0; w < REGISTRANTS; w++) {
        int first = w;
        running.add(
            pool.submit(() -> {
              try (HttpConnection c = HttpConnection.open(client.base())) {
                for (int i = first; i < count; i += REGISTRANTS) {
                  String name = prefix + "-" + String.format(Locale.ROOT, "%05d", i);
                  agents[i] = client.register(c, name, purpose);
                }
              }
              return null;
            }));
      }
      for (Future<?> f : running) {
        f.get();
      }
    }
    return List.of(agents);
  }
}
