package io.kxm.hub.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.SseStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQLite store on a real 2 MiB tmpfs that fills up: writes are refused with {@code store_full},
 * reads and event streams keep working. Mounting needs root (or CAP_SYS_ADMIN); elsewhere the test
 * is skipped with a notice.
 */
class FullDiskTest {
  private static final String BIG = "x".repeat(30_000);

  @TempDir Path dir;
  private Path disk;
  private MessagingHub hub;

  @AfterEach
  void unmount() throws Exception {
    if (hub != null) {
      hub.close();
    }
    if (disk != null) {
      run("umount", disk.toString());
    }
  }

  @Test
  void a_full_disk_refuses_writes_with_store_full_and_still_serves_the_event_stream()
      throws Exception {
    disk = Files.createDirectories(dir.resolve("disk"));
    boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.toString()) == 0;
    if (!mounted) {
      disk = null;
    }
    assumeTrue(mounted, "mounting a tmpfs is not permitted here");
    hub = MessagingHub.start(disk);
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");

    List<String> stored = new ArrayList<>();
    Http.Response refused = null;
    for (int i = 0; i < 500 && refused == null; i++) {
      Http.Response r = alice.send(bob.name, i + BIG);
      if (r.status() == 201) {
        stored.add(r.json().path("messageId").asString());
      } else {
        refused = r;
      }
    }

    assertThat(refused).isNotNull();
    assertThat(refused.status()).isEqualTo(507);
    assertThat(refused.errorCode()).isEqualTo("store_full");
    assertThat(stored).isNotEmpty();
    assertThat(bob.message(stored.getFirst()).status()).isEqualTo(200);
    try (SseStream stream = bob.events()) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.next(stored.size()))
          .extracting(f -> f.json().path("data").path("message").path("id").asString())
          .containsExactlyElementsOf(stored);
    }
  }

  private static int run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
    return p.waitFor(20, TimeUnit.SECONDS) ? p.exitValue() : -1;
  }
}
