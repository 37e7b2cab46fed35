package io.kxm.store.context;

/**
 * The context port a transaction hands out; {@code Tx} gains it by extending this interface, so
 * that a promotion ends the old state, adds the new one and decides its proposal in one commit.
 */
public interface ContextPorts {
  ContextStore context();
}
