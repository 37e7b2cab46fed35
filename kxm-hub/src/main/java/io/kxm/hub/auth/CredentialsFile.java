package io.kxm.hub.auth;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes {@code hub-env.json}: {@code {"adminToken": "…", "projectTokens": {"p": "…"}}}.
 * Fields it does not know are kept on rewrite, so a newer KXM can add some. Error messages name the
 * file and never quote its content, which holds secrets.
 */
final class CredentialsFile {
  private static final Logger LOG = LoggerFactory.getLogger(CredentialsFile.class);

  /** What the file held when read, and the stamp to notice a later change. */
  record Contents(
      ObjectNode root, String adminToken, Map<String, String> projectTokens, Stamp stamp) {}

  /** Modification time, size and file key: any rewrite through a rename changes one of them. */
  record Stamp(long modifiedMillis, long size, Object fileKey) {}

  private CredentialsFile() {}

  static Optional<Contents> read(Path file) {
    byte[] bytes;
    Stamp stamp;
    try {
      stamp = stamp(file);
      if (stamp == null) {
        return Optional.empty();
      }
      bytes = Files.readAllBytes(file);
      tightenIfOpen(file);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot read " + file + ": " + e.getMessage(), e);
    }
    return Optional.of(parse(file, bytes, stamp));
  }

  static void write(Path file, ObjectNode root) {
    SecureFiles.writeOwnerOnly(file, Json.writeBytes(root));
  }

  /** The file's stamp, or null when it does not exist. */
  static Stamp stamp(Path file) throws IOException {
    try {
      BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
      return new Stamp(attrs.lastModifiedTime().toMillis(), attrs.size(), attrs.fileKey());
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  private static Contents parse(Path file, byte[] bytes, Stamp stamp) {
    JsonNode tree;
    try {
      tree = Json.MAPPER.readTree(bytes);
    } catch (JacksonException e) {
      // Jackson's message quotes the offending text, which may be a token: report the place only.
      var at = e.getLocation();
      String where =
          at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
      throw corrupt(file, "is not valid JSON" + where);
    }
    if (!(tree instanceof ObjectNode root)) {
      throw corrupt(file, "must hold a JSON object");
    }
    JsonNode admin = root.get("adminToken");
    if (admin != null && !admin.isNull() && (!admin.isString() || admin.asString().isBlank())) {
      throw corrupt(file, "has an adminToken that is not a non-empty string");
    }
    Map<String, String> projects = new LinkedHashMap<>();
    JsonNode tokens = root.get("projectTokens");
    if (tokens != null && !tokens.isNull()) {
      if (!tokens.isObject()) {
        throw corrupt(file, "has projectTokens that is not an object of project to token");
      }
      for (var entry : tokens.properties()) {
        if (!ProjectNames.isValid(entry.getKey())) {
          throw corrupt(
              file, "names an invalid project '" + entry.getKey() + "'; " + ProjectNames.RULE);
        }
        JsonNode token = entry.getValue();
        if (!token.isString() || token.asString().isBlank()) {
          throw corrupt(
              file, "has a token for project '" + entry.getKey() + "' that is not a string");
        }
        projects.put(entry.getKey(), token.asString());
      }
    }
    String adminToken = admin == null || admin.isNull() ? null : admin.asString();
    return new Contents(root, adminToken, Map.copyOf(projects), stamp);
  }

  private static KxmException corrupt(Path file, String problem) {
    return new KxmException(
        ErrorCode.CONFIG_INVALID,
        file + " " + problem,
        "Fix the file, or move it aside so the next 'kxm hub start' writes a new one"
            + " (clients then need the new admin token).");
  }

  /** A secret file readable by others is already leaked; at least stop the leak going on. */
  private static void tightenIfOpen(Path file) {
    try {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
      Set<PosixFilePermission> owner =
          Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
      if (!owner.containsAll(perms)) {
        LOG.warn("{} was readable by other users; its mode is now 0600", file);
        Files.setPosixFilePermissions(file, owner);
      }
    } catch (UnsupportedOperationException | IOException e) {
      // Not POSIX, or not our file to change: reading it still works.
      LOG.debug("could not check the mode of {}", file, e);
    }
  }

  static boolean sameStamp(Stamp a, Stamp b) {
    return Objects.equals(a, b);
  }
}
