package io.kxm.store.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.secret.Tokens;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link SignatureDigestStore} must do, on SQLite and on PostgreSQL. */
abstract class SignatureDigestStoreContract extends WorkflowStoreContract {
  private SignatureDigestStore digests;
  private String digest;

  @BeforeEach
  void freshDigest() {
    digests = new RoutedSignatureDigestStore(harness, tx -> tx.signatureDigests());
    digest = Tokens.sha256Hex(UUID.randomUUID().toString());
  }

  @Test
  void a_digest_is_claimed_once_until_it_expires() {
    Instant now = clock.instant();
    Instant keepUntil = now.plus(Duration.ofMinutes(5));

    assertThat(digests.claim(digest, keepUntil, now)).isTrue();
    assertThat(digests.claim(digest, keepUntil, now)).isFalse();
    assertThat(digests.claim(digest, keepUntil, keepUntil.minusMillis(1))).isFalse();
    assertThat(digests.claim(digest, keepUntil.plus(Duration.ofMinutes(5)), keepUntil)).isTrue();
    assertThat(digests.claim(digest, keepUntil, keepUntil)).isFalse();
  }

  @Test
  void a_claim_rolled_back_with_its_transaction_leaves_the_digest_free() {
    Instant now = clock.instant();
    try {
      harness.write(tx -> {
        tx.signatureDigests().claim(digest, now.plusSeconds(60), now);
        throw new IllegalStateException("the request it belongs to was refused");
      });
    } catch (IllegalStateException expected) {
      // rolled back
    }

    assertThat(digests.claim(digest, now.plusSeconds(60), now)).isTrue();
  }

  @Test
  void the_purge_deletes_expired_digests_only() {
    Instant now = clock.instant();
    String kept = Tokens.sha256Hex(UUID.randomUUID().toString());
    digests.claim(digest, now.plusSeconds(10), now);
    digests.claim(kept, now.plusSeconds(100), now);

    assertThat(digests.purgeExpired(now.plusSeconds(10))).isGreaterThanOrEqualTo(1);

    String left =
        harness.read(tx ->
            harnessCount(
                "SELECT count(*) AS n FROM signature_digests WHERE digest IN (?, ?)",
                digest,
                kept));
    assertThat(left).isEqualTo("1");
    assertThat(digests.claim(kept, now.plusSeconds(100), now)).isFalse();
  }

  @Test
  void of_writers_racing_with_one_digest_exactly_one_claims_it() throws Exception {
    int writers = 8;
    Instant now = clock.instant();
    CyclicBarrier start = new CyclicBarrier(writers);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<Boolean>> claims = new ArrayList<>();
      for (int i = 0; i < writers; i++) {
        claims.add(
            pool.submit(() -> {
              start.await();
              return digests.claim(digest, now.plusSeconds(60), now);
            }));
      }
      int won = 0;
      for (Future<Boolean> claim : claims) {
        won += claim.get() ? 1 : 0;
      }
      assertThat(won).isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
  }

  private String harnessCount(String sql, Object... params) {
    return harnessJdbc().first(sql, row -> row.stringAt(1), params).orElseThrow();
  }
}
