package io.kxm.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class StdioDrainTest {
  private final PendingRequests pending = new PendingRequests();
  private final AtomicBoolean ended = new AtomicBoolean();
  private final List<String> refusals = new ArrayList<>();

  private WatchedStdin stdin(String text, Duration drain) {
    InputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    return new WatchedStdin(
        in, pending, drain, refusals::add, message -> false, () -> ended.set(true));
  }

  @Test
  void end_of_file_waits_until_the_answer_is_flushed() throws Exception {
    WatchedStdin stdin =
        stdin(
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"kxm_list\"}}\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}\n",
            Duration.ofMinutes(1));
    WatchedStdout stdout = new WatchedStdout(new ByteArrayOutputStream(), pending);
    Thread reader = Thread.ofVirtual().start(() -> drainQuietly(stdin));

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() ->
            reader.getState() == Thread.State.WAITING
                || reader.getState() == Thread.State.TIMED_WAITING);
    assertThat(pending.size()).isEqualTo(1);
    assertThat(ended).isFalse();

    stdout.write("{\"jsonrpc\":\"2.0\",\"id\":7,\"resu".getBytes(StandardCharsets.UTF_8));
    stdout.write("lt\":{}}\n".getBytes(StandardCharsets.UTF_8));
    assertThat(pending.size()).isEqualTo(1); // written is not enough; it must be flushed
    stdout.flush();

    reader.join(Duration.ofSeconds(10));
    assertThat(reader.isAlive()).isFalse();
    assertThat(ended).isTrue();
  }

  @Test
  void end_of_file_is_passed_on_after_the_drain_timeout_when_nothing_answers() throws Exception {
    WatchedStdin stdin =
        stdin("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"}\n", Duration.ofMillis(50));
    assertThat(stdin.readAllBytes()).isNotEmpty();
    assertThat(ended).isTrue();
    assertThat(pending.size()).isEqualTo(1);
  }

  @Test
  void responses_to_the_server_and_notifications_are_not_waited_for() throws Exception {
    WatchedStdin stdin =
        stdin(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n{\"jsonrpc\":\"2.0\",\"method\":\"n\"}\nnot json\n",
            Duration.ofMinutes(1));
    stdin.readAllBytes();
    assertThat(ended).isTrue();
    assertThat(pending.size()).isZero();
  }

  private static void drainQuietly(InputStream in) {
    try {
      in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
