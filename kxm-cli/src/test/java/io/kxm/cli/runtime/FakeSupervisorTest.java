package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.Javalin;
import io.kxm.cli.Cli;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.supervisor.HealthProof;
import io.kxm.supervisor.Registry;
import io.kxm.supervisor.SupervisorPaths;
import io.kxm.supervisor.SupervisorRow;
import io.kxm.supervisor.SupervisorToken;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that took over the supervisor's port answers {@code /health} like a supervisor would,
 * but cannot make the proof: clients must not trust it, and {@code kxm runtime stop} must not
 * signal the process the stale row names.
 */
class FakeSupervisorTest {
  @TempDir Path dir;
  Javalin fake;
  SupervisorPaths paths;
  String token;

  @BeforeEach
  void take_over_the_port() {
    paths = SupervisorPaths.of(new StatePaths(dir.resolve("state")));
    token = SupervisorToken.loadOrCreate(paths.tokenFile());
    fake =
        Javalin.create(
                config -> {
                  config.jetty.host = "127.0.0.1";
                  config.jetty.port = 0;
                  config.startup.showJavalinBanner = false;
                  config.jetty.modifyServer(server -> server.setStopTimeout(5_000));
                  config.routes.get(
                      "/health",
                      ctx ->
                          ctx.contentType("application/json")
                              .result(
                                  Json.write(
                                      Map.of(
                                          "ok",
                                          true,
                                          "proof",
                                          HealthProof.prove(
                                              "kxm_rt_guessed", ctx.queryParam("nonce"))))));
                })
            .start();
    for (var connector : fake.jettyServer().server().getConnectors()) {
      if (connector instanceof org.eclipse.jetty.server.AbstractConnector c) {
        c.setShutdownIdleTimeout(100);
      }
    }
    Instant now = Instant.now();
    try (Registry registry = Registry.open(paths.registry())) {
      // The row names this test JVM: alive, so only the proof can unmask the impostor.
      registry.claim(
          new SupervisorRow(
              "rt_stale",
              ProcessHandle.current().pid(),
              fake.port(),
              SupervisorToken.hash(token),
              now,
              now,
              "running"));
    }
  }

  @AfterEach
  void stop() {
    fake.stop();
    kxm("runtime", "stop");
  }

  String[] kxm(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Map<String, String> env =
        Map.of(
            "KXM_STATE_HOME", dir.resolve("state").toString(),
            "HOME", dir.toString(),
            "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    int code = new Cli(env, dir, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  @Test
  void a_server_without_the_right_proof_is_not_trusted() {
    String url = "http://127.0.0.1:" + fake.port();
    assertThat(SupervisorProbe.verified(url, token)).isFalse();
    assertThat(RunningSupervisor.find(paths)).isEmpty();

    String[] status = kxm("runtime", "status", "--json");
    assertThat(status[0]).isEqualTo("1");
    assertThat(Json.read(status[1]).get("status").asString()).isEqualTo("not_answering");
    assertThat(Json.read(status[1]).has("url")).isFalse();
  }

  @Test
  void stop_refuses_to_signal_a_process_that_does_not_prove_itself() {
    String[] stop = kxm("runtime", "stop");
    assertThat(stop[0]).isEqualTo("1");
    assertThat(stop[2]).startsWith("error: runtime_not_running:");
    assertThat(ProcessHandle.current().isAlive()).isTrue();
  }

  @Test
  void start_replaces_the_stale_row_with_a_supervisor_that_proves_itself() {
    String[] start = kxm("runtime", "start");
    assertThat(start[0]).as(start[2]).isEqualTo("0");
    assertThat(start[1]).startsWith("runtime supervisor started at ");

    RunningSupervisor real = RunningSupervisor.find(paths).orElseThrow();
    assertThat(real.row().runtimeId()).isNotEqualTo("rt_stale");
    assertThat(real.row().port()).isNotEqualTo(fake.port());
    assertThat(real.row().pid()).isNotEqualTo(ProcessHandle.current().pid());
    assertThat(SupervisorProbe.verified(real.url(), token)).isTrue();
  }
}
