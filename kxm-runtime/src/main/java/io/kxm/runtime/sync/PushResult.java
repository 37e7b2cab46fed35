package io.kxm.runtime.sync;

/** What one push of pending outbox rows came to. */
public sealed interface PushResult {

  /** Nothing was pending. */
  record Idle() implements PushResult {}

  /**
   * The hub answered: {@code acknowledged} rows were accepted or already held, {@code parked} were
   * refused for good (or could not be sent at all) and wait for {@code kxm runtime sync-retry}.
   *
   * @param more whether the batch was full, so more rows may be pending
   */
  record Pushed(int acknowledged, int parked, boolean more) implements PushResult {}

  /** The hub could not be reached or did not answer usefully; every row stays pending. */
  record Failed(String reason) implements PushResult {}
}
