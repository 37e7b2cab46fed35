package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.hostile.Hostile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated {@code Last-Event-ID} headers and {@code after} values on the agent event stream, sent
 * byte for byte over a raw socket so that values no HTTP client would produce reach the hub too:
 * the answer is a stream or a 400, never a 5xx, and a refused cursor is {@code invalid_cursor}.
 */
class HostileCursorsTest {
  private static HostileHub hub;
  private static String path;

  @BeforeContainer
  static void start() throws Exception {
    hub = HostileHub.start();
    path = "/v1/agents/" + hub.bob.id() + "/events";
    HttpSender alice = new HttpSender();
    for (int i = 0; i < 3; i++) {
      alice.sendToBob("event " + i);
    }
  }

  @AfterContainer
  static void stop() throws Exception {
    try {
      assertThat(hub.health()).isEqualTo(200);
      assertThat(get(List.of("Last-Event-ID: 1"), "").status).isEqualTo(200);
    } finally {
      hub.close();
    }
  }

  @Provide
  Arbitrary<String> cursors() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.strings().all().ofMaxLength(30)),
        Tuple.of(2, Arbitraries.longs().map(String::valueOf)),
        Tuple.of(2, Arbitraries.integers().between(0, 5).map(String::valueOf)),
        Tuple.of(
            2,
            Arbitraries.of(
                "-1",
                "-0",
                "+1",
                "0",
                "00000000000000000001",
                "1e3",
                "1.0",
                "0x10",
                "9223372036854775807",
                "9223372036854775808",
                "99999999999999999999999999",
                " 1",
                "1 ",
                "\t2\t",
                "1,2",
                "1;2",
                "١",
                "１",
                "\u00a01",
                "\u20281",
                "null",
                "",
                " ")),
        Tuple.of(1, Arbitraries.strings().numeric().ofMinLength(17).ofMaxLength(400)));
  }

  /** Where a generated value goes. */
  enum Placement {
    HEADER,
    QUERY,
    RAW_QUERY,
    BOTH,
    REPEATED_HEADER,
    REPEATED_QUERY
  }

  @Property(tries = Hostile.TRIES)
  void a_generated_cursor_gets_a_stream_or_invalid_cursor_never_a_server_error(
      @ForAll("cursors") String cursor,
      @ForAll("cursors") String other,
      @ForAll Placement placement) {
    String header = oneLine(cursor);
    String encoded = URLEncoder.encode(cursor, StandardCharsets.UTF_8);
    Answer answer =
        switch (placement) {
          case HEADER -> get(List.of("Last-Event-ID: " + header), "");
          case QUERY -> get(List.of(), "?after=" + encoded);
          case RAW_QUERY -> get(List.of(), "?after=" + rawQuery(cursor));
          case BOTH ->
              get(
                  List.of("Last-Event-ID: " + header),
                  "?after=" + URLEncoder.encode(other, StandardCharsets.UTF_8));
          case REPEATED_HEADER ->
              get(List.of("Last-Event-ID: " + header, "Last-Event-ID: " + oneLine(other)), "");
          case REPEATED_QUERY ->
              get(
                  List.of(),
                  "?after="
                      + encoded
                      + "&after="
                      + URLEncoder.encode(other, StandardCharsets.UTF_8));
        };

    assertThat(answer.status).as("%s %s: %s", placement, cursor, answer.body).isIn(200, 400);
    Hostile.assertNoStackTrace("cursor answer", answer.body);
    if (answer.status == 400 && answer.body.startsWith("{")) {
      String code = Json.read(answer.body).path("error").path("code").asString();
      // Jetty refuses control characters in a header before any route runs
      boolean control = (cursor + other).chars().anyMatch(c -> c < 0x20 || c == 0x7f);
      assertThat(code)
          .as(answer.body)
          .isIn(control ? List.of("invalid_cursor", "invalid_request") : List.of("invalid_cursor"));
    }
  }

  /** A header value keeps to one line; anything else would be another header. */
  private static String oneLine(String value) {
    return value.replace('\r', ' ').replace('\n', ' ');
  }

  /** The value as typed, only the characters that would end the request line escaped. */
  private static String rawQuery(String value) {
    StringBuilder out = new StringBuilder();
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      out.append(c <= 0x20 || c == 0x7f || c == '#' ? String.format("%%%02X", c) : (char) c);
    }
    return out.toString();
  }

  private record Answer(int status, String body) {}

  /**
   * One GET on its own connection. A stream is closed as soon as its status arrives; any other
   * answer is read to the end.
   */
  private static Answer get(List<String> headers, String query) {
    try (Socket socket = new Socket("127.0.0.1", hub.server.port())) {
      socket.setSoTimeout(30_000);
      StringBuilder request =
          new StringBuilder("GET " + path + query + " HTTP/1.1\r\n")
              .append("Host: 127.0.0.1:")
              .append(hub.server.port())
              .append("\r\n")
              .append("Authorization: Bearer ")
              .append(TestHubs.ALPHA)
              .append("\r\n")
              .append("X-KXM-Agent-Key: ")
              .append(hub.bob.key())
              .append("\r\n")
              .append("Accept: text/event-stream\r\n")
              .append("Connection: close\r\n");
      headers.forEach(h -> request.append(h).append("\r\n"));
      socket
          .getOutputStream()
          .write(request.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
      InputStream in = socket.getInputStream();
      String head = head(in);
      int status = Integer.parseInt(head.substring(9, 12));
      if (status == 200) {
        return new Answer(status, head);
      }
      return new Answer(status, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        break;
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  /** Sends requests to bob as alice, so that bob's stream has events to resume from. */
  private static final class HttpSender {
    private final io.kxm.testkit.http.PlainHubClient.AgentKey alice;

    HttpSender() throws IOException, InterruptedException {
      alice = hub.alpha.register("alpha", "alice");
    }

    void sendToBob(String content) throws IOException, InterruptedException {
      var reply =
          hub.alpha.post(
              "/v1/agents/" + alice.id() + "/messages",
              alice,
              "{\"target\":\"bob\",\"content\":" + Json.write(content) + ",\"allowOffline\":true}");
      assertThat(reply.status()).as(String.valueOf(reply.body())).isLessThan(300);
    }
  }
}
