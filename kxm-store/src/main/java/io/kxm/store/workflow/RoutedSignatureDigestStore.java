package io.kxm.store.workflow;

import io.kxm.store.Transactions;
import io.kxm.store.Tx;
import java.time.Instant;
import java.util.function.Function;

/** {@link SignatureDigestStore} that runs each call in a write transaction of its own. */
public final class RoutedSignatureDigestStore implements SignatureDigestStore {
  private final Transactions tx;
  private final Function<Tx, SignatureDigestStore> port;

  /**
   * @param port the digest store bound to a transaction, for example {@code Tx::signatureDigests}
   */
  public RoutedSignatureDigestStore(Transactions tx, Function<Tx, SignatureDigestStore> port) {
    this.tx = tx;
    this.port = port;
  }

  @Override
  public boolean claim(String digest, Instant keepUntil, Instant now) {
    return tx.write(t -> port.apply(t).claim(digest, keepUntil, now));
  }

  @Override
  public int purgeExpired(Instant now) {
    return tx.write(t -> port.apply(t).purgeExpired(now));
  }
}
