package io.kxm.core.policy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the tool policy in force: {@code KXM_ATTEMPT_TOKEN}, else {@code KXM_SESSION_TOKEN}, else
 * the session token file; none of them means every tool runs. The first token found decides; a
 * later one is never consulted, so a broken attempt token cannot fall back to a wider session one.
 */
public final class ToolPolicies {
  public static final String ATTEMPT_TOKEN = "KXM_ATTEMPT_TOKEN";
  public static final String SESSION_TOKEN = "KXM_SESSION_TOKEN";

  private ToolPolicies() {}

  /** {@code KXM_USER_CONFIG_DIR}, else {@code ~/.config/kxm}. */
  public static Path userConfigDir(Map<String, String> env) {
    String explicit = env.get("KXM_USER_CONFIG_DIR");
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit).toAbsolutePath();
    }
    String home = env.getOrDefault("HOME", System.getProperty("user.home"));
    return Path.of(home, ".config", "kxm");
  }

  /** Where {@code kxm session token --issue} writes the token. */
  public static Path sessionTokenFile(Map<String, String> env) {
    return userConfigDir(env).resolve("session.token");
  }

  /**
   * The active policy.
   *
   * @param sessionTokenFile usually {@link #sessionTokenFile(Map)}
   * @param sessionKeyFile usually {@code StatePaths.sessionKey()}
   */
  public static ActivePolicy load(
      Map<String, String> env, Path sessionTokenFile, Path sessionKeyFile, Clock clock) {
    Optional<Found> found =
        fromEnv(env, ATTEMPT_TOKEN, PolicySource.Kind.ATTEMPT_TOKEN)
            .or(() -> fromEnv(env, SESSION_TOKEN, PolicySource.Kind.SESSION_TOKEN))
            .or(() -> fromFile(sessionTokenFile));
    if (found.isEmpty()) {
      return ActivePolicy.OPEN;
    }
    PolicySource source = found.get().source();
    if (found.get().token() == null) {
      return new ActivePolicy.Blocked(source, found.get().problem());
    }
    byte[] key;
    try {
      Optional<byte[]> existing = SessionKey.load(sessionKeyFile);
      if (existing.isEmpty()) {
        return new ActivePolicy.Blocked(source, "this machine has no session key to check it");
      }
      key = existing.get();
    } catch (KxmException e) {
      return new ActivePolicy.Blocked(source, e.getMessage());
    }
    return switch (SessionTokens.verify(found.get().token(), key, clock.instant())) {
      case TokenCheck.Valid valid ->
          new ActivePolicy.Restricted(
              valid.payload().policy(), source, valid.payload().expiresAt(), clock);
      case TokenCheck.Invalid invalid -> new ActivePolicy.Blocked(source, invalid.reason());
    };
  }

  /** Writes a token to the session token file, owner-only ({@code kxm session token --issue}). */
  public static void saveSessionToken(Path file, String token) {
    SecureFiles.writeOwnerOnly(file, (token.strip() + "\n").getBytes(StandardCharsets.US_ASCII));
  }

  /**
   * Removes the session token file ({@code kxm session token --clear}); true if there was one.
   *
   * @throws KxmException when the file exists but cannot be removed
   */
  public static boolean clearSessionToken(Path file) {
    try {
      return Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot remove " + file + ": " + e.getMessage(), e);
    }
  }

  private record Found(PolicySource source, String token, String problem) {}

  private static Optional<Found> fromEnv(
      Map<String, String> env, String name, PolicySource.Kind kind) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(new Found(new PolicySource(kind, name), value, null));
  }

  private static Optional<Found> fromFile(Path file) {
    if (file == null || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    PolicySource source =
        new PolicySource(PolicySource.Kind.SESSION_TOKEN_FILE, file.toAbsolutePath().toString());
    try {
      if (Files.size(file) > SessionTokens.MAX_LENGTH) {
        return Optional.of(new Found(source, null, "the file is too large to be a token"));
      }
      String text = Files.readString(file, StandardCharsets.US_ASCII);
      return Optional.of(new Found(source, text, null));
    } catch (IOException | RuntimeException e) {
      return Optional.of(new Found(source, null, "the file cannot be read: " + e.getMessage()));
    }
  }
}
