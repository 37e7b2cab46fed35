package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.session.api.SessionSettings;
import io.kxm.supervisor.SupervisorHttp.Reply;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The supervisor's bind address, token modes and browser rules, over real HTTP on port 0. */
class NetworkBoundaryTest {
  static final String OVERRIDE = "override-token-0123456789abcdefghijklmnop";
  static final String PAGE = "http://localhost:5173";

  @TempDir Path state;
  Supervisor supervisor;

  @AfterEach
  void stop() {
    if (supervisor != null) {
      supervisor.stop();
    }
  }

  Supervisor start(NetworkSettings network) {
    supervisor =
        Supervisor.start(
            new SupervisorConfig(
                new StatePaths(state),
                (project, dir) -> {
                  throw new AssertionError("no project is opened by these tests");
                },
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Clock.systemUTC(),
                SessionSettings.DEFAULTS,
                network));
    return supervisor;
  }

  /** An address of this machine other hosts could reach; 0.0.0.0 when it has none. */
  static String outsideAddress() throws Exception {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback()) {
        continue;
      }
      for (InetAddress a : Collections.list(nic.getInetAddresses())) {
        if (a instanceof Inet4Address && !a.isLinkLocalAddress() && !a.isLoopbackAddress()) {
          return a.getHostAddress();
        }
      }
    }
    return "0.0.0.0";
  }

  String fileToken() {
    return SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
  }

  @Test
  void no_token_on_loopback_answers_calls_without_a_token_and_still_proves_itself()
      throws Exception {
    start(new NetworkSettings("127.0.0.1", false, null, List.of()));
    Reply call = SupervisorHttp.send("GET", supervisor.url() + "/v1/runs/run_1", null, Map.of());
    assertThat(call.status()).isEqualTo(404);
    assertThat(call.code()).isEqualTo("run_not_found");

    String nonce = HealthProof.newNonce();
    Reply health =
        SupervisorHttp.send("GET", supervisor.url() + "/health?nonce=" + nonce, null, Map.of());
    assertThat(health.body().path("tokenRequired").asBoolean(true)).isFalse();
    assertThat(HealthProof.verify(fileToken(), nonce, health.body().path("proof").asString()))
        .isTrue();
  }

  @Test
  void the_default_loopback_bind_says_the_token_is_required() throws Exception {
    start(NetworkSettings.LOOPBACK);
    Reply health = SupervisorHttp.send("GET", supervisor.url() + "/health", null, Map.of());
    assertThat(health.body().path("tokenRequired").asBoolean(false)).isTrue();
    assertThat(SupervisorHttp.send("GET", supervisor.url() + "/v1/runs/run_1", null, Map.of()))
        .extracting(Reply::status)
        .isEqualTo(401);
  }

  @Test
  void no_token_with_a_non_loopback_bind_is_refused_before_anything_is_created() throws Exception {
    for (String bind : List.of(outsideAddress(), "0.0.0.0")) {
      Map<String, String> env = Map.of("KXM_STATE_HOME", state.toString());
      assertThatThrownBy(() -> SupervisorConfig.fromEnvironment(env, bind, true))
          .isInstanceOf(KxmException.class)
          .satisfies(e ->
              assertThat(((KxmException) e).code())
                  .isEqualTo(ErrorCode.RUNTIME_BIND_REQUIRES_TOKEN))
          .hasMessageContaining(bind);
    }
    assertThat(Files.exists(state.resolve("runtime"))).isFalse();
  }

  @Test
  void a_non_loopback_bind_refuses_a_missing_or_wrong_token_with_401() throws Exception {
    String bind = outsideAddress();
    start(new NetworkSettings(bind, true, null, List.of()));
    String url = supervisor.url();
    assertThat(url).startsWith(bind.equals("0.0.0.0") ? "http://127.0.0.1:" : "http://" + bind);

    Reply missing = SupervisorHttp.send("GET", url + "/v1/runs/run_1", null, Map.of());
    assertThat(missing.status()).isEqualTo(401);
    assertThat(missing.code()).isEqualTo("runtime_token_invalid");
    Reply wrong = SupervisorHttp.get(url + "/v1/runs/run_1", "kxm_rt_not-the-token");
    assertThat(wrong.status()).isEqualTo(401);
    Reply right = SupervisorHttp.get(url + "/v1/runs/run_1", fileToken());
    assertThat(right.status()).isEqualTo(404);
    assertThat(right.code()).isEqualTo("run_not_found");
  }

  @Test
  void a_non_loopback_bind_accepts_its_own_address_and_listed_names_as_host_only()
      throws Exception {
    String bind = outsideAddress();
    start(new NetworkSettings(bind, true, null, List.of(), List.of("kxm.example.test")));
    int port = supervisor.port();
    Map<String, Integer> expected =
        Map.of(
            bind + ":" + port, bind.equals("0.0.0.0") ? 421 : 404,
            "kxm.example.test:" + port, 404,
            "127.0.0.1:" + port, 404,
            "kxm.example.test:" + (port + 1), 421,
            "attacker.example:" + port, 421);
    for (var entry : expected.entrySet()) {
      Reply reply =
          SupervisorHttp.send(
              "GET",
              supervisor.url() + "/v1/runs/run_1",
              null,
              Map.of("Authorization", "Bearer " + fileToken(), "Host", entry.getKey()));
      assertThat(reply.status()).as(entry.getKey()).isEqualTo(entry.getValue());
    }
  }

  @Test
  void a_loopback_bind_ignores_extra_host_names() throws Exception {
    start(new NetworkSettings("127.0.0.1", true, null, List.of(), List.of("kxm.example.test")));
    Reply reply =
        SupervisorHttp.send(
            "GET",
            supervisor.url() + "/health",
            null,
            Map.of("Host", "kxm.example.test:" + supervisor.port()));
    assertThat(reply.status()).isEqualTo(421);
    assertThat(reply.code()).isEqualTo("host_not_allowed");
  }

  @Test
  void the_token_from_the_environment_replaces_the_file_token_and_is_never_logged()
      throws Exception {
    start(NetworkSettings.LOOPBACK);
    String fromFile = fileToken();
    supervisor.stop();

    start(new NetworkSettings("127.0.0.1", true, OVERRIDE, List.of()));
    assertThat(SupervisorHttp.get(supervisor.url() + "/v1/runs/run_1", fromFile).status())
        .isEqualTo(401);
    assertThat(SupervisorHttp.get(supervisor.url() + "/v1/runs/run_1", OVERRIDE).status())
        .isEqualTo(404);
    assertThat(fileToken()).isEqualTo(fromFile);

    String nonce = HealthProof.newNonce();
    Reply health =
        SupervisorHttp.send("GET", supervisor.url() + "/health?nonce=" + nonce, null, Map.of());
    assertThat(HealthProof.verify(OVERRIDE, nonce, health.body().path("proof").asString()))
        .isTrue();
    SupervisorPaths paths = SupervisorPaths.of(new StatePaths(state));
    try (Registry r = Registry.open(paths.registry())) {
      assertThat(r.supervisor().orElseThrow().tokenSha256())
          .isEqualTo(SupervisorToken.hash(OVERRIDE));
    }
    supervisor.stop();
    assertThat(Files.readString(paths.logFile())).doesNotContain(OVERRIDE);
  }

  @Test
  void an_allowed_origin_gets_cors_headers_and_its_preflight_without_a_token() throws Exception {
    start(new NetworkSettings("127.0.0.1", true, null, List.of(PAGE)));
    Reply preflight =
        SupervisorHttp.send(
            "OPTIONS",
            supervisor.url() + "/v1/runs",
            null,
            Map.of(
                "Origin",
                PAGE,
                "Access-Control-Request-Method",
                "POST",
                "Access-Control-Request-Headers",
                "authorization, content-type"));
    assertThat(preflight.status()).isEqualTo(204);
    assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo(PAGE);
    assertThat(preflight.header("Access-Control-Allow-Headers"))
        .isEqualTo("Authorization, Content-Type, Last-Event-ID");
    assertThat(preflight.header("Access-Control-Allow-Methods")).contains("POST");

    Reply refused =
        SupervisorHttp.send(
            "GET", supervisor.url() + "/v1/runs/run_1", null, Map.of("Origin", PAGE));
    assertThat(refused.status()).isEqualTo(401);
    assertThat(refused.header("Access-Control-Allow-Origin")).isEqualTo(PAGE);

    Reply answered =
        SupervisorHttp.send(
            "GET",
            supervisor.url() + "/v1/runs/run_1",
            null,
            Map.of("Origin", PAGE, "Authorization", "Bearer " + fileToken()));
    assertThat(answered.status()).isEqualTo(404);
    assertThat(answered.code()).isEqualTo("run_not_found");
    assertThat(answered.header("Access-Control-Allow-Origin")).isEqualTo(PAGE);
    assertThat(answered.header("Vary")).contains("Origin");
  }

  @Test
  void an_origin_not_listed_is_refused_with_403_and_gets_no_cors_headers() throws Exception {
    start(new NetworkSettings("127.0.0.1", true, null, List.of(PAGE)));
    for (String origin : List.of("http://evil.example", "http://localhost:5174", "null")) {
      Reply preflight =
          SupervisorHttp.send(
              "OPTIONS",
              supervisor.url() + "/v1/runs",
              null,
              Map.of("Origin", origin, "Access-Control-Request-Method", "POST"));
      assertThat(preflight.status()).as(origin).isEqualTo(403);
      assertThat(preflight.code()).isEqualTo("origin_not_allowed");
      assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();

      Reply call =
          SupervisorHttp.send(
              "GET",
              supervisor.url() + "/v1/runs/run_1",
              null,
              Map.of("Origin", origin, "Authorization", "Bearer " + fileToken()));
      assertThat(call.status()).as(origin).isEqualTo(403);
    }
  }

  @Test
  void a_form_post_from_an_allowed_origin_is_still_refused() throws Exception {
    start(new NetworkSettings("127.0.0.1", false, null, List.of(PAGE)));
    Reply reply =
        SupervisorHttp.send(
            "POST",
            supervisor.url() + "/v1/runs",
            "projectRoot=/tmp",
            Map.of("Origin", PAGE, "Content-Type", "text/plain"));
    assertThat(reply.status()).isEqualTo(415);
    assertThat(reply.code()).isEqualTo("unsupported_media_type");
  }

  @Test
  void an_address_this_machine_does_not_have_is_refused_at_start() {
    assertThatThrownBy(() -> start(new NetworkSettings("198.51.100.77", true, null, List.of())))
        .isInstanceOf(KxmException.class)
        .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.CONFIG_INVALID))
        .hasMessageContaining("198.51.100.77");
    supervisor = null;
    // The lock was released: a supervisor on loopback starts right after.
    start(NetworkSettings.LOOPBACK);
  }
}
