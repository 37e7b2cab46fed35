package io.kxm.core.policy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The machine's key for signing session tokens: 32 random bytes, base64url in an owner-only file in
 * the user state root ({@code StatePaths.sessionKey()}), created on first issue.
 */
public final class SessionKey {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Set<PosixFilePermission> OTHERS =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE);

  private SessionKey() {}

  /** The key, creating it (0600) when absent. */
  public static byte[] loadOrCreate(Path file) {
    Optional<byte[]> existing = load(file);
    if (existing.isPresent()) {
      return existing.get();
    }
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    SecureFiles.writeOwnerOnly(file, Base64.getUrlEncoder().withoutPadding().encode(key));
    // Read back: if another process created the key at the same moment, its file won the rename.
    return load(file).orElseThrow();
  }

  /**
   * The key, or empty when the file does not exist.
   *
   * @throws KxmException when the file is a link, is readable by others, or is not a key
   */
  public static Optional<byte[]> load(Path file) {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    try {
      if (Files.isSymbolicLink(file)) {
        throw unusable(file, "it is a symbolic link");
      }
      try {
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        if (permissions.stream().anyMatch(OTHERS::contains)) {
          throw unusable(file, "other users can read or write it");
        }
      } catch (UnsupportedOperationException e) {
        // Not a POSIX file system; the platform's own access rules apply.
      }
      byte[] key =
          Base64.getUrlDecoder()
              .decode(new String(Files.readAllBytes(file), StandardCharsets.US_ASCII).strip());
      if (key.length < 32) {
        throw unusable(file, "it holds fewer than 32 bytes");
      }
      return Optional.of(key);
    } catch (IOException | IllegalArgumentException e) {
      throw unusable(file, e.getMessage());
    }
  }

  private static KxmException unusable(Path file, String why) {
    return new KxmException(
        ErrorCode.STATE_DIR_UNUSABLE,
        "the session key " + file + " is unusable: " + why,
        "Remove " + file + " and issue a new token with 'kxm session token --issue'.");
  }
}
