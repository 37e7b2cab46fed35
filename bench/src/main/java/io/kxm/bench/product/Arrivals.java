package io.kxm.bench.product;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * When each message reached its recipient's stream, by message id. The event may arrive before the
 * sender has read the id from its answer, so either side may come first.
 */
final class Arrivals {
  private final ConcurrentHashMap<String, CompletableFuture<Long>> byId = new ConcurrentHashMap<>();

  void arrived(String messageId, long nanos) {
    future(messageId).complete(nanos);
  }

  /** The nanosecond the message arrived; fails if it has not within 30 s. */
  long await(String messageId) throws Exception {
    try {
      return future(messageId).get(30, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "message " + messageId + " did not reach its recipient's event stream within 30 s", e);
    } finally {
      byId.remove(messageId);
    }
  }

  private CompletableFuture<Long> future(String messageId) {
    return byId.computeIfAbsent(messageId, id -> new CompletableFuture<>());
  }
}
