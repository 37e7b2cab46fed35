package io.kxm.session.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How an agent CLI is told to start {@code kxm mcp}. */
class KxmMcpServerTest {
  @TempDir Path dir;

  @Test
  void the_launcher_variable_names_the_command_and_the_hub_settings_are_forwarded() {
    Map<String, String> supervisor =
        Map.of(
            "KXM_MCP_COMMAND", " /opt/kxm/bin/kxm  mcp ",
            "KXM_SERVER_URL", "http://127.0.0.1:7331",
            "KXM_PROJECT", "alpha",
            "KXM_AUTH_TOKEN", "project-token-123",
            "KXM_AGENT_PURPOSE", "reviews code",
            "OPENAI_API_KEY", "sk-other-vendor");

    KxmMcpServer server = KxmMcpServer.fromSupervisor(supervisor, "claude-ses_1").orElseThrow();

    assertThat(server.argv()).containsExactly("/opt/kxm/bin/kxm", "mcp");
    assertThat(server.env())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "KXM_SERVER_URL", "http://127.0.0.1:7331",
                "KXM_PROJECT", "alpha",
                "KXM_AUTH_TOKEN", "project-token-123",
                "KXM_AGENT_NAME", "claude-ses_1",
                "KXM_AGENT_PURPOSE", "reviews code"));
    assertThat(server.toString()).doesNotContain("project-token-123").contains("[REDACTED]");
  }

  @Test
  void the_supervisors_own_agent_name_is_never_handed_on() {
    // Every session's server registers under its own name: a supervisor-wide name (inherited from
    // a worker, say) would make sessions take that agent's place on the hub one after another.
    KxmMcpServer server =
        KxmMcpServer.fromSupervisor(
                Map.of("KXM_MCP_COMMAND", "kxm mcp", "KXM_AGENT_NAME", "reviewer"), "claude-ses_1")
            .orElseThrow();

    assertThat(server.env()).containsEntry("KXM_AGENT_NAME", "claude-ses_1");
  }

  @Test
  void without_a_launcher_variable_the_kxm_on_the_path_serves_the_tools() throws IOException {
    // The runtime's tests do not have the CLI's entry point on their class path.
    Path kxm = dir.resolve("bin/kxm");
    Files.createDirectories(kxm.getParent());
    Files.writeString(kxm, "#!/bin/sh\n");
    Files.setPosixFilePermissions(kxm, PosixFilePermissions.fromString("rwx------"));

    assertThat(KxmMcpServer.fromSupervisor(Map.of("PATH", "/nonexistent"), "a")).isEmpty();
    assertThat(
            KxmMcpServer.fromSupervisor(Map.of("PATH", "/nonexistent:" + kxm.getParent()), "a")
                .orElseThrow()
                .argv())
        .containsExactly(kxm.toString(), "mcp");
  }
}
