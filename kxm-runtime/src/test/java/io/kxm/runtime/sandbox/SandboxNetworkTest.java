package io.kxm.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sandbox with network to one endpoint: a real bwrap and socat, real loopback servers. The
 * provider's port answers inside the sandbox; another port that answers outside does not.
 */
@EnabledOnOs(OS.LINUX)
class SandboxNetworkTest {
  @TempDir Path dir;

  @Test
  void a_sandboxed_command_reaches_the_provider_port_and_no_other_loopback_port() throws Exception {
    Sandbox sandbox = Sandbox.of(System.getenv());
    requireNetwork(sandbox);
    try (ServerSocket provider = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        ServerSocket other = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread.ofVirtual().start(() -> answer(provider, "from the provider\n"));
      Thread.ofVirtual().start(() -> answer(other, "from elsewhere\n"));
      String probe =
          "exec 3<>/dev/tcp/127.0.0.1/"
              + provider.getLocalPort()
              + " && cat <&3 > provider.txt; "
              + "if (exec 4<>/dev/tcp/127.0.0.1/"
              + other.getLocalPort()
              + ") 2>/dev/null; then echo other-open; else echo other-refused; fi";
      try (Socket outside = new Socket(InetAddress.getLoopbackAddress(), other.getLocalPort())) {
        assertThat(outside.isConnected()).isTrue();
      }

      String said =
          run(
              sandbox,
              List.of("bash", "-c", probe),
              List.of(new SandboxEndpoint("127.0.0.1", provider.getLocalPort())));

      assertThat(Files.readString(dir.resolve("provider.txt"))).isEqualTo("from the provider\n");
      assertThat(said).isEqualTo("other-refused\n");
    }
  }

  @Test
  void a_provider_named_by_host_on_port_443_gets_its_own_loopback_address_inside() {
    Sandbox sandbox = Sandbox.of(Map.of());
    SandboxNetwork net =
        SandboxNetwork.open(
            List.of(
                SandboxEndpoint.of(URI.create("https://api.anthropic.com"), "ANTHROPIC_BASE_URL"),
                SandboxEndpoint.of(URI.create("http://127.0.0.1:8123/v1"), "OPENAI_BASE_URL")));
    try (net) {
      List<String> argv =
          sandbox.command(
              Path.of("/usr/bin/bwrap"),
              List.of("claude"),
              dir,
              true,
              List.of(),
              net,
              Path.of("/usr/bin/socat"));

      assertThat(argv).contains("--cap-add", "CAP_NET_BIND_SERVICE", "/etc/hosts");
      assertThat(net.inside())
          .extracting(SandboxNetwork.Inside::address)
          .containsExactly("127.0.1.1", "127.0.0.1");
      String script = argv.get(argv.indexOf("kxm-sandbox") - 1);
      assertThat(script)
          .contains("TCP-LISTEN:443,bind=127.0.1.1,")
          .contains("TCP-LISTEN:8123,bind=127.0.0.1,")
          .contains(" 0101007F:01BB 00000000:0000 0A ");
      assertThat(argv).endsWith("kxm-sandbox", "claude");
    }
  }

  @Test
  void an_address_that_cannot_answer_inside_or_a_missing_forwarder_is_refused() throws IOException {
    assertThatThrownBy(
            () -> SandboxEndpoint.of(URI.create("http://10.1.2.3:8080"), "OPENAI_BASE_URL"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_UNAVAILABLE);
              assertThat(e.getMessage()).contains("10.1.2.3").contains("host name");
            });
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put(Sandbox.SOCAT_SETTING, dir.resolve("no-socat").toString());
    Sandbox sandbox = Sandbox.of(env);
    assertThat(sandbox.status().network().available()).isFalse();
    Assumptions.assumeTrue(sandbox.status().available(), "no sandbox here");
    Path ran = dir.resolve("ran");

    assertThatThrownBy(() ->
            sandbox.wrap(
                List.of("touch", ran.toString()),
                dir,
                true,
                List.of(),
                List.of(new SandboxEndpoint("127.0.0.1", 9)),
                "harness 'agent'"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_UNAVAILABLE);
              assertThat(e.getMessage())
                  .contains("harness 'agent'")
                  .contains(Sandbox.SOCAT_SETTING);
            });
    assertThat(ran).doesNotExist();
  }

  private String run(Sandbox sandbox, List<String> argv, List<SandboxEndpoint> endpoints)
      throws Exception {
    SandboxLaunch launch = sandbox.wrap(argv, dir, true, List.of(), endpoints, "probe");
    Process p =
        new ProcessBuilder(launch.command())
            .directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    launch.releaseAfter(p);
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  private static void answer(ServerSocket server, String text) {
    while (!server.isClosed()) {
      try (Socket s = server.accept();
          OutputStream out = s.getOutputStream()) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        return;
      }
    }
  }

  /** Skipped where bwrap or socat cannot run, failed instead where CI promises both. */
  static void requireNetwork(Sandbox sandbox) {
    SandboxStatus status = sandbox.status();
    boolean here = status.available() && status.network().available();
    String why = status.detail() + "; " + status.network().detail();
    if (!"1".equals(System.getenv("KXM_REQUIRE_SERVICES"))) {
      Assumptions.assumeTrue(here, "no sandbox network here: " + why);
    }
    assertThat(here).as(why).isTrue();
  }
}
