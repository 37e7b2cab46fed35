package io.kxm.session.adapter.claude;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.adapter.KxmMcpServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The file handed to {@code claude --mcp-config}, which holds the project token. */
class ClaudeMcpConfigTest {

  @Test
  void the_kxm_server_is_written_owner_only_and_removed_afterwards() throws IOException {
    KxmMcpServer kxm =
        new KxmMcpServer(
            "/opt/kxm/bin/kxm",
            List.of("mcp"),
            Map.of("KXM_AUTH_TOKEN", "project-token", "KXM_PROJECT", "alpha"));

    Path file = ClaudeMcpConfig.write(Optional.of(kxm));
    try {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .isEqualTo("rw-------");
      JsonNode server = Json.read(Files.readString(file)).path("mcpServers").path("kxm");
      assertThat(server.path("type").asString()).isEqualTo("stdio");
      assertThat(server.path("command").asString()).isEqualTo("/opt/kxm/bin/kxm");
      assertThat(server.path("args").get(0).asString()).isEqualTo("mcp");
      assertThat(server.path("env").path("KXM_AUTH_TOKEN").asString()).isEqualTo("project-token");
      assertThat(server.path("alwaysLoad").asBoolean()).isTrue();
    } finally {
      ClaudeMcpConfig.delete(file);
    }
    assertThat(file).doesNotExist();
  }

  @Test
  void without_a_launcher_the_cli_gets_no_server_at_all() throws IOException {
    Path file = ClaudeMcpConfig.write(Optional.empty());
    try {
      assertThat(Json.read(Files.readString(file)).path("mcpServers").isEmpty()).isTrue();
    } finally {
      ClaudeMcpConfig.delete(file);
    }
  }
}
