package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Closed-loop send load: each sender on its own virtual thread sends to a target and waits for the
 * answer before the next. A 201 adds the message ID to the acknowledged set; any other answer is
 * counted by status and error code; no answer at all (refused connection, reset) is counted apart.
 * The hub may change under it (a restart): each request goes to the hub the supplier names now.
 */
final class SendLoad implements AutoCloseable {
  private final Supplier<HubEndpoint> hub;
  private final List<Agent> senders;
  private final Supplier<String> target;
  private final String contentPrefix;
  private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
  private final Map<String, LongAdder> refusals = new ConcurrentHashMap<>();
  private final LongAdder noAnswer = new LongAdder();
  private final AtomicLong sequence = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running;
  private long limit = Long.MAX_VALUE;
  private String padding = "";

  SendLoad(Supplier<HubEndpoint> hub, List<Agent> senders, Supplier<String> target, String prefix) {
    this.hub = hub;
    this.senders = senders;
    this.target = target;
    this.contentPrefix = prefix;
  }

  /** Sends {@code total} messages in all, then stops by itself. */
  SendLoad limit(long total) {
    this.limit = total;
    return this;
  }

  /** Appends this to every message, for a load of large requests. */
  SendLoad padding(String text) {
    this.padding = text;
    return this;
  }

  SendLoad start() {
    running = true;
    for (Agent sender : senders) {
      threads.add(Thread.ofVirtual().name("send-" + sender.name()).start(() -> loop(sender)));
    }
    return this;
  }

  private void loop(Agent sender) {
    HttpConnection c = null;
    while (running) {
      HubEndpoint h = hub.get();
      try {
        if (c == null) {
          c = HttpConnection.open(h.base());
        }
        long n = sequence.incrementAndGet();
        if (n > limit) {
          break;
        }
        String content = contentPrefix + "-" + n + padding;
        HttpResponse r = c.send(Wire.send(h, sender, target.get(), content));
        if (r.status() == 201) {
          acknowledged.add(Wire.messageId(r));
        } else {
          refusals.computeIfAbsent(Wire.refusal(r), k -> new LongAdder()).increment();
        }
      } catch (IOException e) {
        noAnswer.increment();
        if (c != null) {
          c.close();
          c = null;
        }
        pause(); // the hub is down or restarting; do not spin on refused connections
      }
    }
    if (c != null) {
      c.close();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits until a limited load has sent its last message, logging progress now and then. */
  void awaitDone() throws InterruptedException {
    for (Thread t : threads) {
      while (!t.join(Duration.ofSeconds(10))) {
        Log.info("sent " + Wire.count(acknowledged.size()) + " so far");
      }
    }
  }

  /** Stops every sender after its current request and waits for them. */
  void stop() throws InterruptedException {
    running = false;
    for (Thread t : threads) {
      t.join();
    }
  }

  Set<String> acknowledged() {
    return acknowledged;
  }

  long acknowledgedCount() {
    return acknowledged.size();
  }

  /** Answers other than 201 so far, by status and error code. */
  Map<String, Long> refusals() {
    Map<String, Long> copy = new TreeMap<>();
    refusals.forEach((k, v) -> copy.put(k, v.sum()));
    return copy;
  }

  long refusedCount() {
    return refusals.values().stream().mapToLong(LongAdder::sum).sum();
  }

  long noAnswerCount() {
    return noAnswer.sum();
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }

  @Override
  public String toString() {
    return "send load of " + senders.size() + " agents";
  }
}
