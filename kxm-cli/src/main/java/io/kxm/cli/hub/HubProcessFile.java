package io.kxm.cli.hub;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The claim a running hub leaves in {@code .kxm/state/hub.json}: which process serves which URL. It
 * holds no secret; {@code kxm hub stop} and {@code status} read it.
 */
public record HubProcessFile(long pid, String host, int port, String url, Instant startedAt) {

  public static Optional<HubProcessFile> read(Path file) {
    try {
      // Read as a tree, not bound to the record: binding builds a deserializer by reflection,
      // which was a tenth of a short command's start, and every peer command reads this file.
      JsonNode claim = Json.read(Files.readString(file, StandardCharsets.UTF_8));
      String startedAt = claim.path("startedAt").asString(null);
      return Optional.of(
          new HubProcessFile(
              claim.path("pid").asLong(),
              claim.path("host").asString(null),
              claim.path("port").asInt(),
              claim.path("url").asString(null),
              startedAt == null ? null : Instant.parse(startedAt)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      // A torn or foreign file is treated as no claim: the process it named is checked anyway.
      return Optional.empty();
    }
  }

  public void write(Path file) {
    try {
      SecureFiles.createPrivateDirectories(file.getParent());
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(tmp, Json.write(this), StandardCharsets.UTF_8);
      Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /** Removes the claim if it still names this process (a newer hub may have replaced it). */
  public static void removeIfOwnedBy(Path file, long pid) {
    read(file)
        .filter(claim -> claim.pid() == pid)
        .ifPresent(claim -> {
          try {
            Files.deleteIfExists(file);
          } catch (IOException e) {
            // Left behind, it is harmless: readers check the process is alive.
          }
        });
  }

  public boolean processAlive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
