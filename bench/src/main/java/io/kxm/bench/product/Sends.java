package io.kxm.bench.product;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed number of sends spread over several agents, each agent on its own connection and waiting
 * for the acknowledgement of one send before the next: how a backlog is built, and how a fan-out
 * run feeds its stream.
 */
final class Sends {
  private Sends() {}

  /** Called with the number of a send (0, 1, …) before it goes out; may wait to hold it back. */
  @FunctionalInterface
  interface Gate {
    void before(int sendIndex) throws Exception;
  }

  static void fixed(HubClient client, List<Request> senders, int count) throws Exception {
    fixed(client, senders, count, i -> {});
  }

  /**
   * Sends {@code count} messages in all, taking the senders' requests in turn; fails on any error.
   */
  static void fixed(HubClient client, List<Request> senders, int count, Gate gate)
      throws Exception {
    AtomicInteger tickets = new AtomicInteger();
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> running = new ArrayList<>();
      for (Request send : senders) {
        running.add(
            pool.submit(() -> {
              try (HttpConnection c = HttpConnection.open(client.base())) {
                for (int i = tickets.getAndIncrement(); i < count; i = tickets.getAndIncrement()) {
                  gate.before(i);
                  c.send(send).expect(201, "send " + (i + 1) + " of " + count);
                }
              }
              return null;
            }));
      }
      for (Future<?> f : running) {
        f.get();
      }
    }
  }
}
