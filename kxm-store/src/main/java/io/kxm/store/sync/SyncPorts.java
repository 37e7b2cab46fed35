package io.kxm.store.sync;

/**
 * The sync port a transaction or a store hands out; {@code Tx} and {@code Store} gain it by
 * extending this interface, so a push's events and the pusher's presence commit together.
 */
public interface SyncPorts {
  SyncEventStore syncEvents();
}
