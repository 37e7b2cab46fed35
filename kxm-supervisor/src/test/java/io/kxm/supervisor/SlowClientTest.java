package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.paths.StatePaths;
import io.kxm.session.api.SessionSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that reads nothing never holds a run back: it is cut once it falls the stream buffer
 * behind, while a client that reads keeps every event, and the cut one resumes by replay.
 */
class SlowClientTest {
  static final int DELTAS = 6_000;
  static final int BUFFER = 64;
  private static final Pattern ID = Pattern.compile("(?m)^id: (\\d+)$");

  @TempDir Path dir;
  Supervisor supervisor;
  SessionCalls calls;
  String token;

  @BeforeEach
  void start() throws Exception {
    SessionSettings settings =
        new SessionSettings(4, 100, Duration.ofMinutes(30), BUFFER, Duration.ofSeconds(1));
    supervisor = Supervisor.start(StreamResumeTest.config(dir.resolve("state"), settings));
    token = SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
    calls = new SessionCalls(supervisor.url(), token);
  }

  @AfterEach
  void stop() {
    supervisor.stop();
  }

  @Test
  void a_client_that_reads_nothing_is_cut_and_resumes_while_the_run_completes() throws Exception {
    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    String session = calls.createSession(workspace, SessionCalls.echoAgent());

    try (Socket slow = new Socket()) {
      slow.setReceiveBufferSize(1024); // before connect, so the window stays small
      slow.setSoTimeout(1_000);
      slow.connect(new InetSocketAddress("127.0.0.1", supervisor.port()), 5_000);
      String request =
          "GET /v1/sessions/"
              + session
              + "/events HTTP/1.1\r\nHost: 127.0.0.1:"
              + supervisor.port()
              + "\r\nAuthorization: Bearer "
              + token
              + "\r\nAccept: text/event-stream\r\n\r\n";
      slow.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      slow.getOutputStream().flush();

      String runId = calls.submitted(session, "stream " + DELTAS);
      List<Long> fast = calls.follow(runId);
      assertThat(calls.run(runId).path("run").path("status").asString()).isEqualTo("completed");
      List<Long> stored = calls.replayAll(runId).stream().map(SseClient.Frame::id).toList();
      assertThat(stored).hasSizeGreaterThan(DELTAS);
      assertThat(fast).isEqualTo(stored);

      byte[] raw = drainUntilClosed(slow.getInputStream(), Duration.ofSeconds(30));
      assertThat(new String(raw, 0, 12, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
      String received = dechunk(raw);
      long lastSeen = lastCompleteId(received);
      System.out.println("slow client read " + raw.length + " bytes, up to seq " + lastSeen);
      assertThat(lastSeen).isLessThan(stored.getLast());
      assertThat(
              Files.readString(SupervisorPaths.of(new StatePaths(dir.resolve("state"))).logFile()))
          .contains("stream.cut");

      List<Long> resumed = new ArrayList<>();
      try (SseClient again =
          SseClient.open(
              supervisor.url() + "/v1/sessions/" + session + "/events",
              token,
              Map.of("Last-Event-ID", Long.toString(lastSeen)))) {
        for (SseClient.Frame f = again.next(); f != null; f = again.next()) {
          if (runId.equals(f.runId())) {
            resumed.add(f.id());
          }
          if (f.type().equals("run.completed")) {
            break; // a session stream stays open; the run's last event is enough
          }
        }
      }
      assertThat(resumed).isEqualTo(stored.stream().filter(seq -> seq > lastSeen).toList());
    }
    // A stream notices its client left at its next write, a keep-alive at the latest.
    await().atMost(Duration.ofSeconds(10)).until(() -> supervisor.openStreams() == 0);
  }

  /** Reads until the server closes the connection: EOF, or a reset once the data ran out. */
  private static byte[] drainUntilClosed(InputStream in, Duration deadline) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    long end = System.nanoTime() + deadline.toNanos();
    byte[] chunk = new byte[8192];
    while (System.nanoTime() < end) {
      int n;
      try {
        n = in.read(chunk);
      } catch (SocketTimeoutException e) {
        continue;
      } catch (IOException reset) {
        return all.toByteArray();
      }
      if (n < 0) {
        return all.toByteArray();
      }
      all.write(chunk, 0, n);
    }
    throw new AssertionError(
        "the server did not close the slow client's stream; read " + all.size() + " bytes");
  }

  /** The body of a chunked response, up to where it was cut. */
  private static String dechunk(byte[] raw) {
    String text = new String(raw, StandardCharsets.ISO_8859_1);
    int at = text.indexOf("\r\n\r\n") + 4;
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (at > 3 && at < text.length()) {
      int lineEnd = text.indexOf("\r\n", at);
      if (lineEnd < 0) {
        break;
      }
      int size = Integer.parseInt(text.substring(at, lineEnd).strip(), 16);
      int start = lineEnd + 2;
      int end = Math.min(text.length(), start + size);
      body.write(raw, start, end - start);
      if (size == 0 || end < start + size) {
        break;
      }
      at = end + 2;
    }
    return body.toString(StandardCharsets.UTF_8);
  }

  /** The id of the last frame that arrived whole (its blank line too). */
  private static long lastCompleteId(String received) {
    long last = 0;
    Matcher m = ID.matcher(received);
    while (m.find()) {
      int frameEnd = received.indexOf("\n\n", m.end());
      if (frameEnd < 0) {
        break;
      }
      last = Long.parseLong(m.group(1));
    }
    return last;
  }
}
