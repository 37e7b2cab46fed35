package io.kxm.hub.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hub's listening socket queues as many connections as a restart brings back at once. Read from
 * the kernel with {@code ss}: for a listening socket its send queue column is the backlog the
 * server asked for.
 */
class AcceptQueueTest {
  @TempDir Path dir;

  @Test
  void the_listening_socket_queues_a_thousand_connections_not_the_jdk_default_fifty()
      throws Exception {
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/ss")) || Files.isExecutable(Path.of("/bin/ss")),
        "needs ss from iproute2 to read the socket's backlog");
    try (HubServer hub = HubServer.builder(TestHubs.withTokens(dir)).start()) {
      int port = URI.create(hub.baseUrl()).getPort();
      // readAllLines, not readString: procfs files report no size, and readString reads short.
      int somaxconn =
          Integer.parseInt(
              Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn")).getFirst().strip());
      assertThat(backlog(port)).isEqualTo(Math.min(JettySetup.ACCEPT_QUEUE, somaxconn));
    }
  }

  /** The Send-Q of the socket listening on {@code port}, as {@code ss -ltnH} prints it. */
  private static int backlog(int port) throws IOException, InterruptedException {
    Process ss =
        new ProcessBuilder("ss", "-ltnH", "sport = :" + port).redirectErrorStream(true).start();
    String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(ss.waitFor(10, TimeUnit.SECONDS)).isTrue();
    String[] columns = out.strip().split("\\s+");
    assertThat(columns).as(out).hasSizeGreaterThanOrEqualTo(4);
    return Integer.parseInt(columns[2]);
  }
}
