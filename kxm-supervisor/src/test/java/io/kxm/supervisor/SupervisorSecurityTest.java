package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.supervisor.SupervisorHttp.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SupervisorSecurityTest {
  /** Every route of the API with a body it would accept; none may answer without the token. */
  static final List<String[]> ROUTES =
      List.of(
          new String[] {"POST", "/v1/runs", "{\"projectRoot\":\"/tmp\",\"workflow\":\"example\"}"},
          new String[] {"GET", "/v1/runs?projectRoot=/tmp", null},
          new String[] {"GET", "/v1/runs/run_1", null},
          new String[] {"POST", "/v1/runs/run_1/drive", "{\"simulated\":true}"},
          new String[] {"GET", "/v1/runs/run_1/receipt", null},
          new String[] {"GET", "/v1/runs/run_1/verify", null},
          new String[] {"POST", "/v1/runs/run_1/cancel", "{}"},
          new String[] {"POST", "/v1/runs/run_1/interactions/int_1/resolve", "{\"approved\":true}"},
          new String[] {"POST", "/v1/runs/run_1/recover", "{\"action\":\"retry\"}"});

  @TempDir Path state;
  Supervisor supervisor;
  String token;

  @BeforeEach
  void start() {
    supervisor = Supervisor.start(config(state));
    token = SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
  }

  @AfterEach
  void stop() {
    supervisor.stop();
  }

  static SupervisorConfig config(Path state) {
    return new SupervisorConfig(
        new StatePaths(state),
        (project, dir) -> {
          throw new AssertionError("no project is opened by these tests");
        },
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Clock.systemUTC());
  }

  @Test
  void token_file_is_owner_only_and_the_registry_keeps_only_its_hash() throws Exception {
    Path file = SupervisorPaths.of(new StatePaths(state)).tokenFile();
    assertThat(Files.getPosixFilePermissions(file))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    byte[] registry = Files.readAllBytes(SupervisorPaths.of(new StatePaths(state)).registry());
    byte[] wal =
        Files.exists(Path.of(SupervisorPaths.of(new StatePaths(state)).registry() + "-wal"))
            ? Files.readAllBytes(
                Path.of(SupervisorPaths.of(new StatePaths(state)).registry() + "-wal"))
            : new byte[0];
    String stored = new String(registry, "ISO-8859-1") + new String(wal, "ISO-8859-1");
    assertThat(stored).doesNotContain(token).contains(SupervisorToken.hash(token));
    try (Registry r = Registry.open(SupervisorPaths.of(new StatePaths(state)).registry())) {
      SupervisorRow row = r.supervisor().orElseThrow();
      assertThat(row.tokenSha256()).isEqualTo(SupervisorToken.hash(token));
      assertThat(row.port()).isEqualTo(supervisor.port());
      assertThat(row.pid()).isEqualTo(ProcessHandle.current().pid());
      assertThat(row.state()).isEqualTo("running");
    }
  }

  @Test
  void health_answers_a_nonce_with_a_proof_only_the_token_holder_can_make() throws Exception {
    String nonce = HealthProof.newNonce();
    Reply reply =
        SupervisorHttp.send("GET", supervisor.url() + "/health?nonce=" + nonce, null, Map.of());
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.body().path("ok").asBoolean()).isTrue();
    String proof = reply.body().path("proof").asString();
    assertThat(HealthProof.verify(token, nonce, proof)).isTrue();
    assertThat(HealthProof.verify("kxm_rt_other", nonce, proof)).isFalse();
    assertThat(HealthProof.verify(token, HealthProof.newNonce(), proof)).isFalse();
    assertThat(proof).doesNotContain(token);
  }

  @Test
  void health_refuses_a_nonce_that_is_not_hex() throws Exception {
    Reply reply =
        SupervisorHttp.send("GET", supervisor.url() + "/health?nonce=zz%20top", null, Map.of());
    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.code()).isEqualTo("invalid_request");
  }

  @Test
  void every_route_refuses_a_missing_or_wrong_token_with_401() throws Exception {
    for (String[] route : ROUTES) {
      Map<String, String> none = new HashMap<>();
      if (route[2] != null) {
        none.put("Content-Type", "application/json");
      }
      Reply missing = SupervisorHttp.send(route[0], supervisor.url() + route[1], route[2], none);
      assertThat(missing.status()).as(route[0] + " " + route[1]).isEqualTo(401);
      assertThat(missing.code()).isEqualTo("runtime_token_invalid");
      assertThat(missing.body().path("error").path("hint").asString()).isNotBlank();

      Map<String, String> wrong = new HashMap<>(none);
      wrong.put("Authorization", "Bearer kxm_rt_not-the-token");
      Reply refused = SupervisorHttp.send(route[0], supervisor.url() + route[1], route[2], wrong);
      assertThat(refused.status()).as(route[0] + " " + route[1]).isEqualTo(401);
      assertThat(refused.code()).isEqualTo("runtime_token_invalid");
    }
  }

  @Test
  void every_route_refuses_a_foreign_host_and_any_origin_even_with_the_token() throws Exception {
    List<String[]> all = new java.util.ArrayList<>(ROUTES);
    all.add(new String[] {"GET", "/health?nonce=" + HealthProof.newNonce(), null});
    for (String[] route : all) {
      Map<String, String> headers = new HashMap<>();
      headers.put("Authorization", "Bearer " + token);
      headers.put("Content-Type", "application/json");
      headers.put("Host", "attacker.example:" + supervisor.port());
      Reply host = SupervisorHttp.send(route[0], supervisor.url() + route[1], route[2], headers);
      assertThat(host.status()).as(route[0] + " " + route[1]).isEqualTo(421);
      assertThat(host.code()).isEqualTo("host_not_allowed");

      headers.remove("Host");
      headers.put("Origin", "http://127.0.0.1:" + supervisor.port());
      Reply origin = SupervisorHttp.send(route[0], supervisor.url() + route[1], route[2], headers);
      assertThat(origin.status()).as(route[0] + " " + route[1]).isEqualTo(403);
      assertThat(origin.code()).isEqualTo("origin_not_allowed");
    }
  }

  @Test
  void a_body_that_is_not_json_is_refused_before_the_token_is_looked_at() throws Exception {
    Reply reply =
        SupervisorHttp.send(
            "POST",
            supervisor.url() + "/v1/runs",
            "projectRoot=/tmp&workflow=x",
            Map.of("Content-Type", "application/x-www-form-urlencoded"));
    assertThat(reply.status()).isEqualTo(415);
    assertThat(reply.code()).isEqualTo("unsupported_media_type");
    Reply withToken =
        SupervisorHttp.send(
            "POST",
            supervisor.url() + "/v1/runs",
            "projectRoot=/tmp&workflow=x",
            Map.of(
                "Content-Type",
                "application/x-www-form-urlencoded",
                "Authorization",
                "Bearer " + token));
    assertThat(withToken.status()).isEqualTo(415);
    assertThat(withToken.code()).isEqualTo("unsupported_media_type");
  }

  @Test
  void a_second_supervisor_for_the_same_user_is_refused_and_names_the_running_one() {
    assertThatThrownBy(() -> Supervisor.start(config(state)))
        .isInstanceOf(KxmException.class)
        .satisfies(
            e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUNTIME_ALREADY_RUNNING))
        .hasMessageContaining(supervisor.url());
  }

  @Test
  void a_restart_keeps_the_token_and_replaces_the_registry_row() throws Exception {
    String firstRuntime = supervisor.runtimeId();
    supervisor.stop();
    supervisor = Supervisor.start(config(state));
    assertThat(SupervisorToken.read(supervisor.tokenFile())).contains(token);
    assertThat(supervisor.runtimeId()).isNotEqualTo(firstRuntime);
    try (Registry r = Registry.open(SupervisorPaths.of(new StatePaths(state)).registry())) {
      assertThat(r.supervisor().orElseThrow().runtimeId()).isEqualTo(supervisor.runtimeId());
    }
    Reply ok = SupervisorHttp.get(supervisor.url() + "/v1/runs/run_1/verify", "kxm_rt_nope");
    assertThat(ok.status()).isEqualTo(401);
  }

  @Test
  void a_stop_after_refused_and_answered_calls_drains_cleanly_and_then_refuses_calls()
      throws Exception {
    SupervisorHttp.get(supervisor.url() + "/health", token);
    SupervisorHttp.get(supervisor.url() + "/v1/runs/run_1", "kxm_rt_wrong");
    SupervisorHttp.send("GET", supervisor.url() + "/nowhere", null, Map.of());
    SupervisorHttp.send(
        "GET", supervisor.url() + "/health", null, Map.of("Origin", "http://evil.example"));
    assertThat(supervisor.stop()).isTrue();
    assertThatThrownBy(() -> SupervisorHttp.get(supervisor.url() + "/health", token))
        .isInstanceOf(java.io.IOException.class);
    supervisor = Supervisor.start(config(state));
  }

  @Test
  void a_stopped_supervisor_marks_its_row_stopped_and_logs_without_the_token() throws Exception {
    supervisor.stop();
    SupervisorPaths paths = SupervisorPaths.of(new StatePaths(state));
    try (Registry r = Registry.open(paths.registry())) {
      assertThat(r.supervisor().orElseThrow().state()).isEqualTo("stopped");
    }
    String log = Files.readString(paths.logFile());
    assertThat(log).contains("supervisor.started").contains("supervisor.stopped");
    assertThat(log).doesNotContain(token);
    supervisor = Supervisor.start(config(state));
  }
}
