package io.kxm.store.messaging;

import io.kxm.core.messaging.SendRate;
import io.kxm.core.messaging.SendRateOutcome;

/**
 * The {@link SendRate} bucket of each sending agent, kept in the store so that every hub node on
 * the same database draws on the same bucket.
 */
public interface SendRateStore {

  /**
   * Takes one token from the agent's bucket now, by the store's clock. A bucket not seen before
   * starts full. Call it in the transaction that stores the request: a send refused later in that
   * transaction then gives its token back with the rollback.
   *
   * @return {@link SendRateOutcome.Taken}, or {@link SendRateOutcome.Limited} with how long until a
   *     token is back; a refusal changes nothing
   */
  SendRateOutcome take(String agentId, SendRate rate);
}
