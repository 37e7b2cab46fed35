package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.hostile.Hostile;
import io.kxm.testkit.hostile.HostileMcp;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;

/**
 * Generated A2A calls against bob's endpoint of a real hub: never a 5xx or a stack trace, every
 * answer a JSON-RPC response or the hub's refusal, and an answer that is an error leaves bob's
 * inbox as it was. Streaming methods are left out: a valid one stays open until its task ends.
 */
class HostileA2aTest {
  private static final List<String> METHODS =
      List.of(
          "SendMessage",
          "GetTask",
          "CancelTask",
          "message/send",
          "tasks/get",
          "tasks/cancel",
          "ListTasks",
          "tasks/pushNotificationConfig/set",
          "");
  private static HostileHub hub;

  @BeforeContainer
  static void start() {
    hub = HostileHub.start();
  }

  @AfterContainer
  static void stop() throws Exception {
    try {
      assertThat(hub.health()).isEqualTo(200);
    } finally {
      hub.close();
    }
  }

  @Provide
  Arbitrary<String> bodies() {
    Arbitrary<String> value = HostileMcp.values(List.of("bob"), true);
    Arbitrary<String> part =
        Arbitraries.maps(Arbitraries.of("text", "kind", "data", "url", "raw", "x"), value)
            .ofMaxSize(3)
            .map(Hostile::object);
    Arbitrary<String> parts =
        Arbitraries.oneOf(
            part.list().ofMaxSize(3).map(p -> "[" + String.join(",", p) + "]"), value);
    Arbitrary<String> message =
        Combinators.combine(
                Arbitraries.of(
                    "messageId", "role", "kind", "contextId", "taskId", "parts", "metadata"),
                value,
                parts)
            .as((key, v, p) -> {
              Map<String, String> fields = new LinkedHashMap<>();
              fields.put("messageId", "\"m-" + Integer.toHexString(v.hashCode()) + "\"");
              fields.put("parts", p);
              fields.put(key, key.equals("parts") ? p : v);
              return Hostile.object(fields);
            });
    Arbitrary<String> params =
        Arbitraries.oneOf(
            message.map(m -> sendParams(m)), value.map(v -> "{\"id\":" + v + "}"), value);
    return Combinators.combine(Arbitraries.of(METHODS), params, value)
        .as((method, p, id) ->
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":"
                + Json.write(method)
                + ",\"params\":"
                + p
                + "}");
  }

  /** Sends never block the property: each asks to be answered at once, in both versions. */
  private static String sendParams(String message) {
    return "{\"message\":"
        + message
        + ",\"configuration\":{\"returnImmediately\":true,\"blocking\":false}}";
  }

  @Property(tries = Hostile.TRIES / 5)
  void generated_calls_never_get_a_server_error_and_an_error_changes_nothing(
      @ForAll("bodies") String body) {
    List<String> before = hub.bobsInbox();

    HttpResponse<String> response =
        HostileHub.send(
            HttpRequest.newBuilder(URI.create(hub.url("/a2a/alpha/bob")))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + TestHubs.ALPHA)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());

    assertThat(response.statusCode()).as("%s: %s", body, response.body()).isLessThan(500);
    Hostile.assertNoStackTrace("A2A answer to " + body, response.body());
    if (response.statusCode() != 200) {
      Hostile.assertRefusal("A2A refusal of " + body, response.body());
      assertThat(hub.bobsInbox()).isEqualTo(before);
      return;
    }
    JsonNode answer = Json.read(response.body());
    assertThat(answer.path("jsonrpc").asString()).isEqualTo("2.0");
    if (answer.has("error")) {
      assertThat(answer.path("error").path("code").isInt()).as(response.body()).isTrue();
      assertThat(hub.bobsInbox()).as("bob's inbox after %s", body).isEqualTo(before);
    } else {
      assertThat(answer.path("result").isObject()).as(response.body()).isTrue();
    }
  }
}
