package io.kxm.session.adapter.claude;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.adapter.KxmMcpServer;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The file given to {@code claude --mcp-config}: the kxm server, or no server when none can be
 * started. It holds the project token, so it is created readable by its owner only and removed when
 * the turn's process exits.
 */
final class ClaudeMcpConfig {
  private static final Logger LOG = LoggerFactory.getLogger(ClaudeMcpConfig.class);

  private ClaudeMcpConfig() {}

  static Path write(Optional<KxmMcpServer> server) {
    ObjectNode servers = Json.object();
    server.ifPresent(kxm -> servers.set(KxmMcpServer.NAME, entry(kxm)));
    ObjectNode config = Json.object();
    config.set("mcpServers", servers);
    Path file = null;
    try {
      file =
          FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
              ? Files.createTempFile(
                  "kxm-claude-mcp-",
                  ".json",
                  PosixFilePermissions.asFileAttribute(
                      PosixFilePermissions.fromString("rw-------")))
              : Files.createTempFile("kxm-claude-mcp-", ".json");
      Files.write(file, Json.writeBytes(config));
      return file;
    } catch (IOException e) {
      delete(file);
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          "claude cannot start: its MCP configuration could not be written to the temporary"
              + " folder: "
              + e.getMessage());
    }
  }

  static void delete(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.warn("could not remove the MCP configuration {}: {}", file, e.getMessage());
    }
  }

  private static ObjectNode entry(KxmMcpServer kxm) {
    ObjectNode entry = Json.object();
    entry.put("type", "stdio");
    // connected before the first model call even where the CLI otherwise connects in the background
    entry.put("alwaysLoad", true);
    entry.put("command", kxm.command());
    entry.set("args", Json.MAPPER.valueToTree(kxm.args()));
    entry.set("env", Json.MAPPER.valueToTree(kxm.env()));
    return entry;
  }
}
