package io.kxm.hub.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.NodeScript;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * The official {@code @a2a-js/sdk} clients, 1.x and 0.3, against a real hub whose agent bob is
 * exposed: card, send and its retry, get, cancel, a stream dropped after its first event and
 * resumed from that event's id without loss, and a fresh subscription to a finished task.
 */
class A2aSdkClientsTest {
  private static Path dir;
  private static HubServer hub;
  private static AgentKey bob;

  @BeforeAll
  static void start() throws Exception {
    dir = Files.createTempDirectory("kxm-a2a-sdk");
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA);
    env.put(A2aSettings.VARIABLE, "alpha/bob");
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
    bob = A2aHubs.registerBob(new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA));
  }

  @AfterAll
  static void stop() {
    hub.close();
  }

  @ParameterizedTest(name = "@a2a-js/sdk, wire {0}")
  @CsvSource({"1.0, a2a-sdk-v1", "0.3, a2a-sdk-v03"})
  void the_official_client_sends_gets_cancels_and_resumes_a_dropped_stream(
      String wire, String sdkFolder) throws Exception {
    JsonNode report = run(wire, AgentClis.npmPackage(sdkFolder));

    assertThat(report.path("card").path("name").asString()).isEqualTo("bob");
    assertThat(strings(report.path("card").path("skills")))
        .containsExactly("Reviews Java changes", "explains failing tests");

    JsonNode sent = report.path("sent");
    assertThat(sent.path("state").asString()).isEqualTo("submitted");
    assertThat(report.path("retried").path("id").asString())
        .as("a retry with the same messageId is the same task")
        .isEqualTo(sent.path("id").asString());
    assertThat(report.path("got").path("state").asString()).isEqualTo("completed");
    assertThat(report.path("got").path("reply").asString())
        .isEqualTo("Looks right; one test is missing.");

    assertThat(report.path("cancelled").path("state").asString()).isEqualTo("canceled");
    assertThat(report.path("cancelAnswered").asString()).contains("TaskNotCancelable");
    assertThat(report.path("missingTask").asString()).contains("TaskNotFound");

    JsonNode first = report.path("streamFirst");
    assertThat(first.path("kind").asString()).isEqualTo("task");
    assertThat(first.path("eventId").asString()).isEqualTo("1");
    assertThat(first.path("state").asString()).isEqualTo("submitted");
    List<String> resumed = new ArrayList<>();
    for (JsonNode event : report.path("resumed")) {
      assertThat(event.path("taskId").asString()).isEqualTo(first.path("taskId").asString());
      resumed.add(event.path("eventId").asString() + "=" + event.path("state").asString());
    }
    assertThat(resumed)
        .as("after event 1, every later state and nothing before it")
        .containsExactly("2=working", "3=completed");
    assertThat(report.path("fresh")).hasSize(1);
    assertThat(report.path("fresh").path(0).path("state").asString()).isEqualTo("completed");
  }

  private static JsonNode run(String wire, Path sdk) throws IOException, InterruptedException {
    return NodeScript.run(
        dir,
        "a2a/sdk-client.mjs",
        Map.of(
            "A2A_SDK", sdk.toString(),
            "A2A_WIRE", wire,
            "A2A_BASE", hub.baseUrl() + "/a2a/alpha/bob/",
            "HUB", hub.baseUrl(),
            "TOKEN", TestHubs.ALPHA,
            "BOB_ID", bob.id(),
            "BOB_KEY", bob.key()));
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asString()));
    return values;
  }
}
