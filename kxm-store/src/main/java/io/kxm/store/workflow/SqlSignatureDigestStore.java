package io.kxm.store.workflow;

import io.kxm.core.check.Require;
import io.kxm.store.jdbc.Jdbc;
import java.time.Instant;

/**
 * {@link SignatureDigestStore} in SQL that SQLite and PostgreSQL both accept. The primary key makes
 * a claim atomic; an expired row left for the purge is taken over in the same statement.
 */
public final class SqlSignatureDigestStore implements SignatureDigestStore {
  private final Jdbc jdbc;

  /** A store bound to one transaction; see {@code SqlTx}. */
  public SqlSignatureDigestStore(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public boolean claim(String digest, Instant keepUntil, Instant now) {
    Require.sha256Hex(digest, "digest");
    return jdbc.about("claim a signature digest")
        .first(
            "INSERT INTO signature_digests (digest, expires_at) VALUES (?, ?)"
                + " ON CONFLICT (digest) DO UPDATE SET expires_at = excluded.expires_at"
                + " WHERE signature_digests.expires_at <= ? RETURNING digest",
            row -> row.string("digest"),
            digest,
            keepUntil,
            now)
        .isPresent();
  }

  @Override
  public int purgeExpired(Instant now) {
    return jdbc.about("purge signature digests expired at " + now)
        .update("DELETE FROM signature_digests WHERE expires_at <= ?", now);
  }
}
