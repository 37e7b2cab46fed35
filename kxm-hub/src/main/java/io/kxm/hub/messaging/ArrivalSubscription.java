package io.kxm.hub.messaging;

/** Listening for requests that arrive for one agent; closing stops it. */
@FunctionalInterface
public interface ArrivalSubscription extends AutoCloseable {
  @Override
  void close();
}
