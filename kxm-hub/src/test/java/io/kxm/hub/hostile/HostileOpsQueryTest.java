package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated {@code project} values on the operations routes, with the admin or a project token: the
 * snapshot answers 200, 400 or 403 and the stream opens or is refused the same way, never a 5xx or
 * a stack trace, and a refusal names {@code invalid_request} or {@code project_forbidden}.
 */
class HostileOpsQueryTest {
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
  Arbitrary<String> projects() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.strings().all().ofMaxLength(40)),
        Tuple.of(2, Arbitraries.strings().alpha().numeric().withChars("-_.").ofMaxLength(140)),
        Tuple.of(
            2,
            Arbitraries.of(
                "alpha",
                "beta",
                "Alpha",
                "ALPHA",
                " alpha",
                "alpha ",
                "",
                " ",
                "..",
                "a/b",
                "a%2Fb",
                "%00",
                "null",
                "-",
                "_",
                "é",
                "\u0000",
                "\u202e",
                "a".repeat(129))));
  }

  @Property(tries = Hostile.TRIES / 2)
  void a_generated_project_gets_an_answer_or_a_refusal_never_a_server_error(
      @ForAll("projects") String project, @ForAll boolean admin, @ForAll boolean stream) {
    String token = admin ? TestHubs.ADMIN : TestHubs.ALPHA;
    String path =
        (stream ? "/v1/ops/events" : "/v1/ops/snapshot")
            + "?project="
            + URLEncoder.encode(project, StandardCharsets.UTF_8);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(hub.url(path)))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + token)
            .GET()
            .build();
    int status;
    String body;
    try {
      HttpResponse<InputStream> response =
          HostileHub.CLIENT.send(request, HttpResponse.BodyHandlers.ofInputStream());
      status = response.statusCode();
      try (InputStream in = response.body()) {
        // A stream that opened is not read on: its status is the answer.
        body = stream && status == 200 ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }

    assertThat(status).as("%s %s: %s", path, admin, body).isIn(200, 400, 403);
    Hostile.assertNoStackTrace("ops answer", body);
    if (status != 200 && body.startsWith("{")) {
      assertThat(Json.read(body).path("error").path("code").asString())
          .isIn(List.of("invalid_request", "project_forbidden"));
    }
  }
}
