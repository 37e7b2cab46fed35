package io.kxm.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** What the SDK's stdio reader is shown, and how the lines it could not read are answered. */
class StdinGateTest {
  private final List<String> refusals = new ArrayList<>();
  private final PendingRequests pending = new PendingRequests();

  private String passed(String text) throws IOException {
    WatchedStdin stdin =
        new WatchedStdin(
            new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
            pending,
            Duration.ofMillis(10),
            refusals::add,
            message -> false,
            () -> {});
    return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
  }

  @Test
  void well_formed_messages_pass_unchanged_and_a_last_line_without_newline_too() throws Exception {
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
    String note = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    assertThat(passed(ping + "\n" + note)).isEqualTo(ping + "\n" + note + "\n");
    assertThat(refusals).isEmpty();
  }

  @Test
  void a_line_that_is_not_json_is_answered_with_a_parse_error_and_not_passed() throws Exception {
    assertThat(passed("hello\n\n   \n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n"))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n");

    assertThat(refusals).hasSize(1); // blank lines are skipped without an answer
    assertThat(Json.read(refusals.getFirst()).path("error").path("code").asInt()).isEqualTo(-32700);
    assertThat(Json.read(refusals.getFirst()).path("id").isNull()).isTrue();
  }

  @Test
  void a_batch_or_a_member_of_the_wrong_type_is_an_invalid_request_naming_a_usable_id()
      throws Exception {
    assertThat(
            passed(
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":[\"ping\"]}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":{},\"params\":{}}\n"))
        .isEmpty();

    assertThat(refusals)
        .extracting(r -> Json.read(r).path("error").path("code").asInt())
        .containsOnly(-32600);
    assertThat(refusals)
        .extracting(r -> Json.read(r).path("id").toString())
        .containsExactly("null", "\"a\"", "null");
  }

  @Test
  void a_message_naming_a_key_twice_is_refused_with_duplicate_key_and_not_passed()
      throws Exception {
    String call =
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"kxm_send\","
            + "\"arguments\":{\"target\":\"bob\",\"content\":\"hi\",\"content\":\"bye\"}}}";

    assertThat(passed(call + "\n")).isEmpty();

    assertThat(refusals).hasSize(1);
    JsonNode refusal = Json.read(refusals.getFirst());
    assertThat(refusal.path("id").asInt()).isEqualTo(7);
    assertThat(refusal.path("error").path("code").asInt()).isEqualTo(-32600);
    assertThat(refusal.path("error").path("message").asString())
        .startsWith("duplicate_key:")
        .contains("content");
  }

  @Test
  void a_line_past_the_limit_is_dropped_with_an_answer() throws Exception {
    String huge =
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"" + "x".repeat(JsonRpcLines.MAX_LINE) + "\"}";

    assertThat(passed(huge + "\n")).isEmpty();
    assertThat(refusals).singleElement().asString().contains("-32600");
    assertThat(pending.size()).isZero();
  }
}
