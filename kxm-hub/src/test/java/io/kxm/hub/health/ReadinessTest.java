package io.kxm.hub.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadinessTest {
  @TempDir static Path dir;
  static final AtomicReference<RuntimeException> failure = new AtomicReference<>();
  static HubServer hub;
  static Http http;

  @BeforeAll
  static void start() {
    hub =
        HubServer.builder(TestHubs.withTokens(dir))
            .readiness(() -> {
              RuntimeException e = failure.get();
              if (e != null) {
                throw e;
              }
            })
            .start();
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @BeforeEach
  void ready() {
    failure.set(null);
  }

  @Test
  void ready_answers_503_with_the_check_s_error_when_the_store_is_down() {
    failure.set(new KxmException(ErrorCode.STORE_UNAVAILABLE, "database kxm.db is locked"));

    var response = http.get("/ready");

    assertThat(response.status()).isEqualTo(503);
    assertThat(response.errorCode()).isEqualTo("store_unavailable");
    assertThat(response.json().path("error").path("message").asString()).contains("kxm.db");
  }

  @Test
  void ready_recovers_once_the_check_passes_again() {
    failure.set(new KxmException(ErrorCode.STORE_UNAVAILABLE, "down"));
    assertThat(http.get("/ready").status()).isEqualTo(503);

    failure.set(null);

    assertThat(http.get("/ready").status()).isEqualTo(200);
  }

  @Test
  void a_check_that_throws_something_else_reads_as_not_ready_without_details() {
    failure.set(new IllegalStateException("secret connection string"));

    var response = http.get("/ready");

    assertThat(response.status()).isEqualTo(503);
    assertThat(response.errorCode()).isEqualTo("not_ready");
    assertThat(response.body()).doesNotContain("secret connection string");
  }

  @Test
  void health_stays_ok_while_not_ready() {
    failure.set(new KxmException(ErrorCode.STORE_UNAVAILABLE, "down"));

    assertThat(http.get("/health").status()).isEqualTo(200);
  }
}
