package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.javalin.Javalin;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.session.api.SessionSettings;
import io.kxm.supervisor.NetworkSettings;
import io.kxm.supervisor.Supervisor;
import io.kxm.supervisor.SupervisorConfig;
import io.kxm.supervisor.SupervisorCredential;
import io.kxm.supervisor.SupervisorPaths;
import io.kxm.supervisor.SupervisorToken;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where clients send the supervisor's token, and which token they use. */
class SupervisorCredentialTest {
  static final String OVERRIDE = "env-token-0123456789abcdefghijklmnopqrs";

  @TempDir Path dir;
  Javalin server;
  final List<String> received = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop();
    }
  }

  /** A server that records the Authorization header of every call it gets. */
  String recordingServer(String host) {
    server =
        Javalin.create(
                config -> {
                  config.jetty.host = host;
                  config.jetty.port = 0;
                  config.startup.showJavalinBanner = false;
                  config.routes.get(
                      "/v1/ping",
                      ctx -> {
                        received.add(String.valueOf(ctx.header("Authorization")));
                        ctx.contentType("application/json").result("{\"ok\":true}");
                      });
                })
            .start();
    String urlHost = host.equals("0.0.0.0") ? "127.0.0.1" : host;
    return "http://" + urlHost + ":" + server.port();
  }

  static String outsideAddress() throws Exception {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback()) {
        continue;
      }
      for (InetAddress a : Collections.list(nic.getInetAddresses())) {
        if (a instanceof Inet4Address && !a.isLinkLocalAddress()) {
          return a.getHostAddress();
        }
      }
    }
    return null;
  }

  @Test
  void a_file_token_goes_to_a_loopback_url() {
    String url = recordingServer("127.0.0.1");
    new SupervisorClient(url, "kxm_rt_from-the-file").get("/v1/ping");
    assertThat(received).containsExactly("Bearer kxm_rt_from-the-file");
  }

  @Test
  void a_file_token_is_never_sent_to_a_url_off_loopback() throws Exception {
    String outside = outsideAddress();
    List<String> urls =
        new java.util.ArrayList<>(
            List.of(
                "http://localhost.attacker.example:8080",
                "http://127.0.0.1.nip.io:8080",
                "http://192.0.2.200:8080",
                "http://user@127.0.0.1:8080"));
    if (outside != null) {
      urls.add(recordingServer(outside));
    }
    for (String url : urls) {
      assertThatThrownBy(() -> new SupervisorClient(url, "kxm_rt_from-the-file"))
          .as(url)
          .isInstanceOf(KxmException.class)
          .satisfies(e ->
              assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUNTIME_TOKEN_NOT_SENT))
          .hasMessageNotContaining("kxm_rt_from-the-file");
    }
    assertThat(received).isEmpty();
    if (outside != null) {
      String url = urls.getLast();
      new SupervisorClient(url, new SupervisorCredential(OVERRIDE, true)).get("/v1/ping");
      assertThat(received).containsExactly("Bearer " + OVERRIDE);
    }
  }

  @Test
  void the_token_from_the_environment_wins_over_the_file_for_finding_and_calling() {
    SupervisorPaths paths = SupervisorPaths.of(new StatePaths(dir.resolve("state")));
    String fileToken = SupervisorToken.loadOrCreate(paths.tokenFile());
    Map<String, String> env = Map.of(SupervisorCredential.ENV, OVERRIDE);
    Supervisor supervisor =
        Supervisor.start(
            new SupervisorConfig(
                new StatePaths(dir.resolve("state")),
                (project, folder) -> {
                  throw new AssertionError("no project is opened here");
                },
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Clock.systemUTC(),
                SessionSettings.DEFAULTS,
                NetworkSettings.fromEnvironment(env, null, false)));
    try {
      assertThat(RunningSupervisor.find(paths)).as("the file token proves nothing now").isEmpty();
      RunningSupervisor found = RunningSupervisor.find(paths, env).orElseThrow();
      assertThat(found.credential().explicit()).isTrue();
      assertThat(found.token()).isEqualTo(OVERRIDE).isNotEqualTo(fileToken);
      assertThatThrownBy(() -> new SupervisorClient(found).get("/v1/runs/run_1"))
          .isInstanceOf(KxmException.class)
          .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUN_NOT_FOUND));
      assertThatThrownBy(() -> new SupervisorClient(found.url(), fileToken).get("/v1/runs/run_1"))
          .isInstanceOf(KxmException.class)
          .satisfies(e ->
              assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUNTIME_TOKEN_INVALID));
      assertThat(Json.write(Map.of("credential", found.credential().toString())))
          .doesNotContain(OVERRIDE);
    } finally {
      supervisor.stop();
    }
  }
}
