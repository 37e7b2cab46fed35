package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.hostile.Hostile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Generated sign-in bodies for the web console: never a 5xx or a stack trace, a refusal carries a
 * code and a hint and sets no cookie, and only a known token opens a session.
 */
class HostileSignInTest {
  @TempDir static Path dir;
  static HubServer hub;
  static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static Arbitrary<String> bodies() {
    Arbitrary<String> value =
        Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(50).map(Json::write),
            Arbitraries.strings()
                .alpha()
                .numeric()
                .withChars("._- ")
                .ofMaxLength(90)
                .map(Json::write),
            Arbitraries.of(TestHubs.ALPHA, TestHubs.BETA, TestHubs.ADMIN, "alpha", "beta", "ada")
                .map(Json::write),
            Arbitraries.integers().map(String::valueOf),
            Arbitraries.of("true", "null", "[]", "{}", "[\"x\"]"),
            Arbitraries.strings().withChars('x').ofLength(5_000).map(Json::write));
    Arbitrary<String> key = Arbitraries.of("operator", "token", "project", "extra", "");
    Arbitrary<String> object = Arbitraries.maps(key, value).ofMaxSize(4).map(Hostile::object);
    return Arbitraries.oneOf(
        object,
        object,
        object,
        Arbitraries.strings().all().ofMaxLength(40),
        Arbitraries.of("", "["));
  }

  @Test
  void generated_sign_in_bodies_are_answered_or_refused_with_a_code_and_no_cookie()
      throws Exception {
    List<String> samples = bodies().sampleStream().limit(Hostile.TRIES).toList();
    for (String body : samples) {
      HttpResponse<String> response =
          CLIENT.send(
              HttpRequest.newBuilder(URI.create(hub.baseUrl() + "/console/sign-in"))
                  .timeout(Duration.ofSeconds(20))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      String label = "sign-in with " + (body.length() > 120 ? body.substring(0, 120) : body);
      assertThat(response.statusCode()).as(label).isLessThan(500);
      Hostile.assertNoStackTrace(label, response.body());
      if (response.statusCode() == 200) {
        JsonNode token = Json.read(body).path("token");
        assertThat(List.of(TestHubs.ALPHA, TestHubs.BETA, TestHubs.ADMIN))
            .as(label)
            .contains(token.asString().strip());
        assertThat(response.headers().firstValue("Set-Cookie")).as(label).isPresent();
      } else {
        Hostile.assertRefusal(label, response.body());
        assertThat(response.headers().firstValue("Set-Cookie")).as(label).isEmpty();
      }
    }
  }
}
