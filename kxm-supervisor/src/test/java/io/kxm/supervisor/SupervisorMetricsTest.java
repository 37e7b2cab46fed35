package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.session.api.SessionSettings;
import io.kxm.testkit.MetricDocs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The supervisor's {@code /metrics}: behind its token, and counting real turns of real harnesses.
 */
class SupervisorMetricsTest {
  private final HttpClient http = HttpClient.newHttpClient();

  @TempDir Path dir;
  Supervisor supervisor;
  SessionCalls calls;
  String url;
  String token;
  Path workspace;

  @BeforeEach
  void start() throws Exception {
    SessionSettings settings =
        new SessionSettings(4, 100, Duration.ofMinutes(30), 10_000, Duration.ofMillis(200));
    supervisor = Supervisor.start(StreamResumeTest.config(dir.resolve("state"), settings));
    token = SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
    url = supervisor.url();
    calls = new SessionCalls(url, token);
    workspace = Files.createDirectories(dir.resolve("workspace")).toRealPath();
  }

  @AfterEach
  void stop() {
    supervisor.stop();
  }

  private HttpResponse<String> metrics(String bearer) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + "/metrics"));
    if (bearer != null) {
      request.header("Authorization", "Bearer " + bearer);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private String scrape() throws Exception {
    HttpResponse<String> response = metrics(token);
    assertThat(response.statusCode()).isEqualTo(200);
    return response.body();
  }

  private static double value(String scrape, String series) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(scrape);
    if (!m.find()) {
      throw new AssertionError("no series " + series + " in the scrape");
    }
    return Double.parseDouble(m.group(1));
  }

  @Test
  void metrics_need_the_supervisor_token() throws Exception {
    assertThat(metrics(null).statusCode()).isEqualTo(401);
    assertThat(metrics("not-the-token-0123456789").statusCode()).isEqualTo(401);

    HttpResponse<String> shown = metrics(token);
    assertThat(shown.statusCode()).isEqualTo(200);
    assertThat(shown.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain");
    assertThat(shown.body())
        .contains("jvm_memory_used_bytes", "kxm_session_queue_depth", "kxm_runtime_runs{state=");
  }

  @Test
  void turns_are_counted_by_state_with_their_durations_failures_and_spend() throws Exception {
    String echo = calls.createSession(workspace, SessionCalls.echoAgent());
    String broken = calls.createSession(workspace, List.of("sh", "-c", "exit 3"));
    String ok = calls.submitted(echo, "hello");
    String failed = calls.submitted(broken, "hello");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            calls.run(ok).path("run").path("status").asString().equals("completed")
                && calls.run(failed).path("run").path("status").asString().equals("failed"));
    String code = calls.run(failed).path("run").path("error").asString();

    String scrape = scrape();
    assertThat(value(scrape, "kxm_session_runs{state=\"completed\"}")).isEqualTo(1);
    assertThat(value(scrape, "kxm_session_runs{state=\"failed\"}")).isEqualTo(1);
    assertThat(value(scrape, "kxm_session_runs{state=\"queued\"}")).isZero();
    assertThat(value(scrape, "kxm_session_queue_depth")).isZero();
    assertThat(value(scrape, "kxm_session_turns_seconds_count{status=\"completed\"}")).isEqualTo(1);
    assertThat(value(scrape, "kxm_session_turns_seconds_count{status=\"failed\"}")).isEqualTo(1);
    assertThat(value(scrape, "kxm_session_harness_failures_total{code=\"" + code + "\"}"))
        .isEqualTo(1);
    // No .kxm/prices.yaml in the workspace: neither turn can be priced.
    assertThat(value(scrape, "kxm_session_turns_unpriced_total")).isEqualTo(2);
    assertThat(value(scrape, "kxm_session_spend_usd_total")).isZero();
    assertThat(scrape).doesNotContain(ok, failed, echo, broken);
    assertThat(
            MetricDocs.queried(Path.of("..")).stream()
                .filter(name -> name.startsWith("kxm_session_") || name.startsWith("kxm_runtime_")))
        .isNotEmpty()
        .allSatisfy(name -> assertThat(scrape).containsPattern("(?m)^" + name + "[{ ]"));
  }
}
