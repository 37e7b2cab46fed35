package io.kxm.hub;

/**
 * Whether the hub can serve: for the store, reachable and migrated. {@code GET /ready} runs it on
 * every call, so it should answer in milliseconds.
 */
@FunctionalInterface
public interface Readiness {

  /**
   * Returns when ready.
   *
   * @throws io.kxm.core.error.KxmException naming what is missing (for example {@code
   *     store_unavailable})
   */
  void check();

  /** Always ready: for a hub without a store, and for tests. */
  static Readiness always() {
    return () -> {};
  }
}
