package io.kxm.store.ops;

/**
 * The operations log port a transaction or a store hands out; {@code Tx} and {@code Store} gain it
 * by extending this interface, so a change and the entry reporting it commit together.
 */
public interface OpsPorts {
  OpsEventStore opsEvents();
}
