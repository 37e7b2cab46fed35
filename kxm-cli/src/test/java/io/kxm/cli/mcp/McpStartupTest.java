package io.kxm.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.cli.support.TestHub;
import io.kxm.hub.HubServer;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kxm mcp} (and {@code kxm peer}, which connects the same way) refuses to act as an agent
 * with the wrong credentials, against a real hub, before anything registers, and says why on stderr
 * only.
 */
class McpStartupTest {
  @TempDir static Path dir;
  static HubServer hub;

  @BeforeAll
  static void start() {
    hub = TestHub.withMcp(dir.resolve("hub"));
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static Map<String, String> agent(String token) {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), "starter");
    env.put("KXM_AUTH_TOKEN", token);
    return env;
  }

  @Test
  void the_hub_s_admin_token_is_refused_for_an_agent() {
    var result = CliRun.run(agent(TestEnv.ADMIN), dir, "mcp");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .contains(
            "error: project_forbidden: the token from KXM_AUTH_TOKEN is the hub's admin token")
        .contains("kxm auth project-token create alpha");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void another_project_s_token_is_refused_naming_both_projects() {
    var result = CliRun.run(agent(TestEnv.BETA), dir, "peer", "list");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("belongs to project 'beta', not 'alpha'");
  }

  @Test
  void an_unknown_token_is_refused_naming_the_hub_and_the_project() {
    var result = CliRun.run(agent("kxm_project_unknown_0123456789"), dir, "mcp");

    assertThat(result.err())
        .contains(
            "error: auth_invalid: KXM hub at "
                + hub.baseUrl()
                + " rejected the project token for project alpha (from KXM_AUTH_TOKEN)");
  }

  @Test
  void no_hub_is_hub_unreachable_naming_the_url() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Map<String, String> env = agent(TestEnv.ALPHA);
    env.put("KXM_SERVER_URL", "http://127.0.0.1:" + port);

    var result = CliRun.run(env, dir, "mcp");

    assertThat(result.err())
        .startsWith("error: hub_unreachable: KXM hub unreachable at http://127.0.0.1:" + port);
  }

  @Test
  void a_refused_start_in_a_real_process_writes_nothing_to_stdout() throws Exception {
    // The product's classpath, without test classes, so the product's own logging setup applies.
    List<String> command = new ArrayList<>(List.of(ChildKxm.java()));
    command.addAll(ChildKxm.arguments("mcp"));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().clear();
    builder.environment().putAll(agent(TestEnv.ADMIN));
    Process process = builder.start();
    process.getOutputStream().close();

    String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isEqualTo(1);
    assertThat(stdout).isEmpty();
    assertThat(stderr).contains("error: project_forbidden");
  }
}
