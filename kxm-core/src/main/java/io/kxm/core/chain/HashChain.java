package io.kxm.core.chain;

import io.kxm.core.json.CanonicalJson;
import io.kxm.core.secret.Tokens;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The one hash chain of stored event logs: every link's hash is a lower-case hex SHA-256 that
 * covers the previous link's hash, so editing, removing or reordering a stored link breaks every
 * hash after it. A log's first link names {@link #GENESIS} as its predecessor.
 *
 * <p>Two link forms exist, and stored logs use both, so both stay exactly as they are: a sealed
 * link is a canonical body that names its predecessor inside itself and hashes as those bytes (the
 * runtime's run log); a linked link hashes the predecessor's hash followed by the canonical bytes
 * of its content (a session's run log).
 */
public final class HashChain {
  /** The predecessor a log's first link names. */
  public static final String GENESIS = "0".repeat(64);

  private HashChain() {}

  /** The hash of a sealed link: SHA-256 of the body's UTF-8 bytes. */
  public static String sealed(String body) {
    return Tokens.sha256Hex(body.getBytes(StandardCharsets.UTF_8));
  }

  /** The hash of a linked link: SHA-256 of {@code prevHash} then the canonical content bytes. */
  public static String linked(String prevHash, JsonNode content) {
    byte[] prev = prevHash.getBytes(StandardCharsets.US_ASCII);
    byte[] body = CanonicalJson.bytes(content);
    byte[] all = new byte[prev.length + body.length];
    System.arraycopy(prev, 0, all, 0, prev.length);
    System.arraycopy(body, 0, all, prev.length, body.length);
    return Tokens.sha256Hex(all);
  }

  /** Why a stored link does not verify. */
  public enum Fault {
    /** The stored hash is not the hash its content recomputes to. */
    HASH_MISMATCH,
    /** The stored predecessor is not the hash of the link before it. */
    PREDECESSOR_MISMATCH
  }

  /**
   * Checks one stored link against the chain so far: its hash first, then its predecessor.
   *
   * @param expectedPrev the hash of the link before it, or {@link #GENESIS}
   * @param storedPrev the predecessor the link records
   * @param storedHash the hash the link records
   * @param recomputed the hash its content recomputes to ({@link #sealed} or {@link #linked})
   */
  public static Optional<Fault> check(
      String expectedPrev, String storedPrev, String storedHash, String recomputed) {
    if (!recomputed.equals(storedHash)) {
      return Optional.of(Fault.HASH_MISMATCH);
    }
    if (!expectedPrev.equals(storedPrev)) {
      return Optional.of(Fault.PREDECESSOR_MISMATCH);
    }
    return Optional.empty();
  }
}
