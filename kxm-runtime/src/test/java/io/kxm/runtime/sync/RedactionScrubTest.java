package io.kxm.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactionScrubTest {

  @Test
  void credential_shapes_in_free_text_are_replaced_and_the_rest_is_kept() {
    String key = "sk-" + "a".repeat(24);

    assertThat(Redaction.scrub("calling with " + key + " and Bearer abcdefghijkl now"))
        .isEqualTo("calling with [redacted] and [redacted] now");
  }

  @Test
  void a_string_value_under_a_json_key_named_like_a_secret_is_replaced_whole() {
    assertThat(Redaction.scrub("{\"apiKey\":\"short\\\"still secret\",\"user\":\"ann\"}"))
        .isEqualTo("{\"apiKey\":\"[redacted]\",\"user\":\"ann\"}");
    assertThat(Redaction.scrub("{\"inputTokens\":12,\"db_password\": \"cut off here"))
        .isEqualTo("{\"inputTokens\":12,\"db_password\": \"[redacted]\"");
  }

  @Test
  void text_without_credentials_is_returned_unchanged() {
    String text = "{\"type\":\"delta\",\"text\":\"the key point is the token count\"}";

    assertThat(Redaction.scrub(text)).isEqualTo(text);
  }
}
