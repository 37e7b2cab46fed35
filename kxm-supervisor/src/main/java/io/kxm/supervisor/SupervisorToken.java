package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import io.kxm.core.secret.Tokens;
import io.kxm.core.settings.EnvSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The supervisor's bearer token. Created once, on the first start, in a 0600 file; local clients
 * read it from there. Whatever else keeps it (the registry) keeps only its SHA-256.
 */
public final class SupervisorToken {
  static final String PREFIX = "kxm_rt_";

  private SupervisorToken() {}

  /** The token in {@code file}, created first when the file does not exist yet. */
  public static String loadOrCreate(Path file) {
    Optional<String> existing = read(file);
    if (existing.isPresent()) {
      return existing.get();
    }
    String token = Tokens.generate(PREFIX);
    SecureFiles.writeOwnerOnly(file, (token + "\n").getBytes(StandardCharsets.UTF_8));
    return token;
  }

  /** The token, or empty when the file is missing or holds no token. */
  public static Optional<String> read(Path file) {
    try {
      if (Files.isSymbolicLink(file)) {
        throw new KxmException(
            ErrorCode.STATE_DIR_UNUSABLE,
            "refusing to read the supervisor token through the symbolic link " + file,
            "Remove the link; the supervisor creates a regular file on its next start.");
      }
      String token = Files.readString(file, StandardCharsets.UTF_8).strip();
      return token.startsWith(PREFIX) ? Optional.of(token) : Optional.empty();
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The token an operator keeps in {@code file} for a runtime server ({@code --token-file}): any
   * visible ASCII text of at least {@link NetworkSettings#MIN_TOKEN_LENGTH} characters, the file
   * not a symbolic link.
   *
   * @throws KxmException {@code config_invalid} naming the file, never its content
   */
  public static String fromFile(Path file) {
    if (Files.isSymbolicLink(file)) {
      throw EnvSettings.invalid("--token-file", file + " is a symbolic link; name the file itself");
    }
    String token;
    try {
      token = Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw EnvSettings.invalid("--token-file", "cannot read " + file + ": " + e.getMessage());
    }
    if (token.length() < NetworkSettings.MIN_TOKEN_LENGTH
        || !token.chars().allMatch(c -> c > ' ' && c < 127)) {
      throw EnvSettings.invalid(
          "--token-file",
          file
              + " must hold one token of at least "
              + NetworkSettings.MIN_TOKEN_LENGTH
              + " visible ASCII characters");
    }
    return token;
  }

  public static String hash(String token) {
    return Tokens.sha256Hex(token);
  }
}
