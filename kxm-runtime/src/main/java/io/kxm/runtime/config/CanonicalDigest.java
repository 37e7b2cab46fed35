package io.kxm.runtime.config;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;

/**
 * SHA-256 over named entries, each written as an 8-byte big-endian length and its bytes, so no two
 * different lists of entries can encode to the same stream. A domain label goes first, so equal
 * files in different parts never hash alike.
 */
final class CanonicalDigest {
  /** Orders paths by their UTF-8 bytes, the same on every platform and in every locale. */
  static final Comparator<String> BYTE_ORDER =
      (a, b) ->
          Arrays.compareUnsigned(
              a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

  private final MessageDigest digest;

  CanonicalDigest(String domain) {
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK ships SHA-256", e);
    }
    chunk(domain.getBytes(StandardCharsets.UTF_8));
  }

  void entry(String name, byte[] content) {
    chunk(name.getBytes(StandardCharsets.UTF_8));
    chunk(content);
  }

  String hex() {
    return HexFormat.of().formatHex(digest.digest());
  }

  private void chunk(byte[] bytes) {
    digest.update(ByteBuffer.allocate(Long.BYTES).putLong(bytes.length).array());
    digest.update(bytes);
  }
}
