package io.kxm.session.store;

import io.kxm.session.api.SessionStore;

/**
 * The suite every {@link SessionStore} passes, split by what it covers ({@link
 * SessionLifecycleContract}, {@link InteractionStoreContract}, {@link LiveReplayContract}, {@link
 * EncodedReplayContract}, {@link HashChainContract}, {@link SessionSyncContract}, {@link
 * SessionRetentionContract}). A backend's test class implements them all with a fresh store per
 * call of {@link #fixture()}.
 */
public interface SessionStoreContract {

  /** A fresh, empty store with its own clock; the test closes it. */
  SessionFixture fixture();

  /** Another handle on the store of {@code fixture}, which the test closed first. */
  SessionStore reopen(SessionFixture fixture);
}
