package io.kxm.hub.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubServer;
import io.kxm.hub.support.EchoFeature;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.micrometer.core.instrument.Gauge;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsTest {
  @TempDir static Path dir;
  static HubServer hub;
  static Http http;

  @BeforeAll
  static void start() {
    hub =
        HubServer.builder(TestHubs.withTokens(dir))
            .feature(new EchoFeature())
            .meterBinder(
                registry -> Gauge.builder("kxm.store.pool.active", () -> 3).register(registry))
            .start();
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void metrics_need_a_credential() {
    var response = http.get("/metrics");

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("auth_required");
  }

  @Test
  void metrics_are_prometheus_text_with_requests_by_route_template_method_and_status() {
    http.get("/health");
    http.getWithToken("/v1/test/items/42", TestHubs.ADMIN);
    http.getWithToken("/v1/test/items/43", TestHubs.ADMIN);
    http.get("/no/such/path/9f8e7d");

    var response = http.getWithToken("/metrics", TestHubs.ADMIN);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type")).startsWith("text/plain");
    assertThat(response.body())
        .contains("# TYPE http_server_requests_seconds histogram")
        .containsPattern(
            "http_server_requests_seconds_count\\{method=\"GET\",route=\"/health\",status=\"200\"} \\d")
        .containsPattern(
            "http_server_requests_seconds_count\\{method=\"GET\",route=\"/v1/test/items/\\{id}\",status=\"200\"} 2")
        .contains("route=\"unmatched\",status=\"404\"")
        .doesNotContain("9f8e7d", "items/42");
  }

  @Test
  void metrics_include_jvm_meters_and_bound_ones() {
    var body = http.getWithToken("/metrics", TestHubs.ADMIN).body();

    assertThat(body)
        .contains("jvm_memory_used_bytes", "jvm_threads_live_threads", "process_uptime_seconds");
    assertThat(body).contains("kxm_store_pool_active 3");
  }
}
