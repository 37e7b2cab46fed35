package io.kxm.hub;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hub as the CLI runs it: a real store behind /ready and /metrics. */
class HubAssemblyTest {
  private final HttpClient http = HttpClient.newHttpClient();

  @TempDir Path dir;

  @Test
  void the_sqlite_hub_is_ready_once_its_store_is_migrated_and_reports_its_pool() throws Exception {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));

    try (HubServer hub = HubAssembly.start(config, env)) {
      assertThat(get(hub, "/ready", null).statusCode()).isEqualTo(200);
      assertThat(Files.isRegularFile(dir.resolve("project/.kxm/state/kxm.db"))).isTrue();
      String metrics = get(hub, "/metrics", TestHubs.ADMIN).body();
      assertThat(metrics)
          .contains("kxm_store_connections{dialect=\"sqlite\"}")
          .contains("kxm_store_pending{dialect=\"sqlite\"}");
    }
  }

  @Test
  void the_postgres_hub_is_ready_and_reports_its_pool() throws Exception {
    Services.requirePostgres();
    try (PostgresSchema schema = PostgresSchema.create("assembly")) {
      Map<String, String> env = TestHubs.env(dir);
      env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
      env.put(
          "KXM_DATABASE_URL",
          "postgresql://"
              + Services.PG_USER
              + "@"
              + Services.PG_HOST
              + ":"
              + Services.PG_PORT
              + "/"
              + Services.PG_DATABASE);
      env.put("KXM_DATABASE_SCHEMA", schema.name());
      HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));

      try (HubServer hub = HubAssembly.start(config, env)) {
        assertThat(get(hub, "/ready", null).statusCode()).isEqualTo(200);
        assertThat(get(hub, "/metrics", TestHubs.ADMIN).body())
            .contains("kxm_store_connections{dialect=\"postgres\"}");
      }
    }
  }

  private HttpResponse<String> get(HubServer hub, String path, String token) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(hub.baseUrl() + path));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
