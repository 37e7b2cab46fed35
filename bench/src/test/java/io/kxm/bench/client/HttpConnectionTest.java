package io.kxm.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpConnectionTest {

  @Test
  void keep_alive_reads_sized_then_chunked_bodies_on_one_connection() throws Exception {
    try (FakePeer peer = new FakePeer();
        HttpConnection c = HttpConnection.open(peer.base())) {
      Request post = Request.postJson(peer.base(), "/post", Map.of("X-Key", "k"), "{\"a\":1}");
      peer.write("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}");
      HttpResponse first = c.send(post);
      assertThat(first.status()).isEqualTo(201);
      assertThat(first.text()).isEqualTo("{}");
      assertThat(peer.nextRequest())
          .startsWith("POST /post HTTP/1.1\r\n")
          .contains("X-Key: k\r\n")
          .contains("Content-Type: application/json\r\n")
          .contains("Content-Length: 7\r\n");

      peer.write(
          "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
      assertThat(c.send(post).text()).isEqualTo("abcde");
    }
  }

  @Test
  void expect_names_the_status_and_the_body_when_it_differs() {
    HttpResponse r =
        new HttpResponse(409, Map.of(), "{\"error\":{\"code\":\"conflict\"}}".getBytes());
    assertThatThrownBy(() -> r.expect(201, "POST /x"))
        .hasMessageContaining("POST /x answered 409 instead of 201")
        .hasMessageContaining("conflict");
  }
}
