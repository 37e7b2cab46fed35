package io.kxm.testkit.provider;

import static io.kxm.testkit.provider.ProviderCalls.body;
import static io.kxm.testkit.provider.ProviderCalls.post;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FakeProviderAuthTest {
  private static final String BODY = "{\"model\":\"m\",\"messages\":[]}";

  @Test
  void required_key_is_checked_in_either_header_and_never_recorded() throws Exception {
    try (FakeProvider provider = FakeProvider.start(List.of("m"), Optional.of("sk-right"))) {
      provider.enqueue(Turn.text("one"), Turn.text("two"));
      URI messages = URI.create(provider.baseUrl() + "/v1/messages");
      URI completions = URI.create(provider.openAiBaseUrl() + "/chat/completions");

      var wrong = post(messages, BODY, "x-api-key", "sk-wrong");
      var missing = post(completions, BODY);
      var apiKey = post(messages, BODY, "x-api-key", "sk-right");
      var bearer = post(completions, BODY, "authorization", "Bearer sk-right");

      assertThat(wrong.statusCode()).isEqualTo(401);
      assertThat(body(wrong).path("error").path("type").asString())
          .isEqualTo("authentication_error");
      assertThat(missing.statusCode()).isEqualTo(401);
      assertThat(apiKey.statusCode()).isEqualTo(200);
      assertThat(bearer.statusCode()).isEqualTo(200);
      assertThat(provider.pending()).isZero();
      assertThat(provider.requests())
          .allSatisfy(r -> {
            assertThat(r.headers().toString()).doesNotContain("sk-right", "sk-wrong");
          });
      assertThat(provider.requests().getFirst().header("x-api-key")).hasValue("<redacted>");
    }
  }

  @Test
  void any_key_is_accepted_by_default() throws Exception {
    try (FakeProvider provider = FakeProvider.start()) {
      provider.enqueue(Turn.text("ok"));

      var response =
          post(URI.create(provider.baseUrl() + "/v1/messages"), BODY, "x-api-key", "anything");

      assertThat(response.statusCode()).isEqualTo(200);
    }
  }
}
