package io.kxm.hub.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.HubServer;
import io.kxm.hub.http.Access;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.RawHttp;
import io.kxm.hub.support.TestHubs;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GracefulStopTest {
  @TempDir Path dir;
  final CountDownLatch release = new CountDownLatch(1);
  final CountDownLatch entered = new CountDownLatch(3);
  final Queue<String> events = new ConcurrentLinkedQueue<>();

  HubServer start(Duration grace) {
    return start(grace, () -> {});
  }

  HubServer start(Duration grace, Runnable onDrain) {
    return HubServer.builder(TestHubs.withTokens(dir).withShutdownGrace(grace))
        .feature(hub -> hub.drain().onDrain(onDrain))
        .feature(hub ->
            hub.routes()
                .get(
                    "/v1/test/slow",
                    Access.PUBLIC,
                    ctx -> {
                      entered.countDown();
                      release.await();
                      events.add("request finished");
                      ctx.result("done");
                    }))
        .closeAfterStop(() -> events.add("store closed"))
        .start();
  }

  @Test
  void stop_lets_running_requests_finish_then_closes_the_store() throws Exception {
    HubServer hub = start(Duration.ofSeconds(20));
    Http http = new Http(hub.baseUrl());
    List<CompletableFuture<Http.Response>> running =
        IntStream.range(0, 3)
            .mapToObj(i -> CompletableFuture.supplyAsync(() -> http.get("/v1/test/slow")))
            .toList();
    assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();

    CompletableFuture<Boolean> stopped = CompletableFuture.supplyAsync(hub::stop);
    await().until(hub::isDraining);
    await()
        .untilAsserted(() ->
            assertThatThrownBy(() -> new Socket("127.0.0.1", hub.port()).close())
                .isInstanceOf(ConnectException.class));
    assertThat(events).doesNotContain("store closed");
    release.countDown();

    for (var request : running) {
      assertThat(request.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
    }
    assertThat(stopped.get(20, TimeUnit.SECONDS)).isTrue();
    assertThat(events)
        .containsExactly(
            "request finished", "request finished", "request finished", "store closed");
  }

  @Test
  void a_request_on_an_open_connection_while_draining_gets_server_draining() throws Exception {
    CompletableFuture<RawHttp> open = new CompletableFuture<>();
    // Sent from the drain callback: the connection is certainly still open and the hub draining.
    HubServer hub = start(Duration.ofSeconds(20), () -> open.join().send("/health"));
    try (RawHttp connection = new RawHttp(hub.port())) {
      assertThat(connection.get("/health")).startsWith("HTTP/1.1 200");
      open.complete(connection);

      assertThat(hub.stop()).isTrue();

      assertThat(connection.read())
          .startsWith("HTTP/1.1 503")
          .contains("X-Request-Id: req_", "Connection: close", "\"code\":\"server_draining\"");
    }
  }

  @Test
  void a_request_outlasting_the_grace_period_makes_the_stop_unclean_but_still_closes_the_store()
      throws Exception {
    HubServer hub = start(Duration.ofMillis(300));
    Http http = new Http(hub.baseUrl());
    CompletableFuture<Void> slow =
        CompletableFuture.runAsync(() -> http.get("/v1/test/slow")).exceptionally(e -> null);
    await().until(() -> entered.getCount() == 2);

    try {
      assertThat(hub.stop()).isFalse();
      assertThat(events).contains("store closed");
    } finally {
      release.countDown();
      // The abandoned request may still write its log line; let it end before the temporary
      // folder is deleted.
      slow.get(20, TimeUnit.SECONDS);
    }
  }

  @Test
  void stop_is_idempotent_and_close_stops_too() {
    HubServer hub = start(Duration.ofSeconds(5));

    hub.close();

    assertThat(hub.stop()).isTrue();
    assertThat(events).containsExactly("store closed");
  }
}
