package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubConfig;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class McpOriginsTest {
  @TempDir Path dir;

  @Test
  void a_loopback_hub_answers_its_loopback_names_on_any_port() {
    HubConfig config = TestHubs.withTokens(dir);

    assertThat(McpOrigins.checksHost(config)).isTrue();
    assertThat(McpOrigins.hosts(config))
        .contains("127.0.0.1:*", "localhost:*", "[::1]:*", "localhost");
  }

  @Test
  void a_loopback_hub_allows_its_own_origins_and_the_configured_ones() {
    HubConfig config =
        TestHubs.withTokens(dir).withAllowedOrigins(List.of("https://dash.example.com"));

    assertThat(McpOrigins.origins(config))
        .contains("https://dash.example.com", "http://127.0.0.1:*", "http://localhost:*");
  }

  @Test
  void a_hub_bound_beyond_loopback_checks_no_host_and_allows_only_configured_origins() {
    HubConfig config =
        TestHubs.withTokens(dir)
            .withHost("0.0.0.0")
            .withAllowedOrigins(List.of("https://dash.example.com"));

    assertThat(McpOrigins.checksHost(config)).isFalse();
    assertThat(McpOrigins.origins(config)).containsExactly("https://dash.example.com");
  }
}
