package io.kxm.session.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.testkit.hostile.Hostile;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated provider streams through each wire format's decoder: random bytes, and streams of the
 * dialect's own events with fields replaced by values of the wrong type, huge numbers or nothing,
 * cut at any byte. A stream either gives a whole answer whose calls can be answered, or fails the
 * call with {@code provider_failed}; nothing else escapes.
 */
class HostileProviderStreamsTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final URI BASE = URI.create("http://127.0.0.1:9/v1");

  private static final List<String> ANTHROPIC =
      List.of(
          "{\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}",
          "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}",
          "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"hi\"}}",
          "{\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"read_file\",\"input\":{}}}",
          "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"path\\\":\"}}",
          "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},\"usage\":{\"output_tokens\":9}}",
          "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}",
          "{\"type\":\"message_stop\"}");
  private static final List<String> RESPONSES =
      List.of(
          "{\"type\":\"response.output_text.delta\",\"output_index\":0,\"delta\":\"hi\"}",
          "{\"type\":\"response.output_item.added\",\"output_index\":1,\"item\":{\"type\":\"function_call\",\"call_id\":\"call_1\",\"name\":\"search\"}}",
          "{\"type\":\"response.function_call_arguments.delta\",\"output_index\":1,\"delta\":\"{\\\"text\\\"\"}",
          "{\"type\":\"response.function_call_arguments.done\",\"output_index\":1,\"arguments\":\"{}\"}",
          "{\"type\":\"response.failed\",\"response\":{\"error\":{\"message\":\"boom\"}}}",
          "{\"type\":\"response.completed\",\"response\":{\"usage\":{\"input_tokens\":5,\"input_tokens_details\":{\"cached_tokens\":9},\"output_tokens\":2}}}");
  private static final List<String> CHAT =
      List.of(
          "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":null}]}",
          "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"function\":{\"name\":\"read_file\",\"arguments\":\"\"}}]}}]}",
          "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"path\\\":1}\"}}]}}]}",
          "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
          "{\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4}}",
          "{\"error\":{\"message\":\"bad\"}}",
          "[DONE]");

  private static final List<JsonNode> ODD_VALUES =
      List.of(
          Json.read("null"),
          Json.read("-1"),
          Json.read("99999999999999999999999999999999999999"),
          Json.read("1.5e300"),
          Json.read("\"\""),
          Json.read("\"{not json\""),
          Json.read("[]"),
          Json.read("{}"),
          Json.read("true"),
          Json.read("[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]"));

  /** A generated response body and the dialect it is fed to. */
  record Body(String dialect, byte[] bytes) {
    @Override
    public String toString() {
      return dialect + ": " + Hostile.abbreviate(new String(bytes, StandardCharsets.UTF_8), 400);
    }
  }

  @Property(tries = Hostile.TRIES)
  void a_stream_gives_a_whole_answer_or_provider_failed(@ForAll("bodies") Body body) {
    ModelReply reply;
    try {
      reply = decode(body);
    } catch (KxmException e) {
      assertThat(e.code()).as("%s", body).isEqualTo(ErrorCode.PROVIDER_FAILED);
      Hostile.assertNoStackTrace("provider failure", e.getMessage());
      return;
    }
    assertThat(reply.text()).isNotNull();
    for (ToolUse call : reply.calls()) {
      assertThat(call.id()).as("%s", body).isNotBlank();
      assertThat(call.name()).isNotNull();
      assertThat(call.input()).isNotNull();
    }
  }

  private static ModelReply decode(Body body) {
    ModelListener quiet = delta -> {};
    var in = new ByteArrayInputStream(body.bytes());
    return switch (body.dialect()) {
      case "anthropic" -> {
        AnthropicMessages client = new AnthropicMessages(HTTP, BASE, "k");
        yield StreamedCall.read(client.http(), in, client.decoder(quiet));
      }
      case "responses" -> {
        OpenAiResponses client = new OpenAiResponses(HTTP, BASE, "k");
        yield StreamedCall.read(client.http(), in, client.decoder(quiet));
      }
      default -> {
        ChatCompletions client = new ChatCompletions(HTTP, BASE, null);
        yield StreamedCall.read(client.http(), in, client.decoder(quiet));
      }
    };
  }

  @Provide
  Arbitrary<Body> bodies() {
    Arbitrary<String> dialect = Arbitraries.of("anthropic", "responses", "chat");
    Arbitrary<Body> random =
        dialect.flatMap(
            d -> Arbitraries.bytes().array(byte[].class).ofMaxSize(2000).map(b -> new Body(d, b)));
    Arbitrary<Body> events =
        dialect.flatMap(d -> Arbitraries.longs().map(seed -> new Body(d, events(d, seed))));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(1, random), net.jqwik.api.Tuple.of(4, events));
  }

  private static byte[] events(String dialect, long seed) {
    Random random = new Random(seed);
    List<String> templates =
        switch (dialect) {
          case "anthropic" -> ANTHROPIC;
          case "responses" -> RESPONSES;
          default -> CHAT;
        };
    StringBuilder out = new StringBuilder();
    int count = random.nextInt(12);
    List<String> picked = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      picked.add(templates.get(random.nextInt(templates.size())));
    }
    if (random.nextBoolean()) {
      picked.add(templates.getLast());
    }
    for (String template : picked) {
      String data = random.nextInt(3) == 0 ? mutate(template, random) : template;
      if (!dialect.equals("chat")) {
        out.append("event: ").append(random.nextInt(5) == 0 ? "odd" : "x").append('\n');
      }
      out.append("data: ").append(data).append("\n\n");
    }
    byte[] bytes = out.toString().getBytes(StandardCharsets.UTF_8);
    if (bytes.length > 0 && random.nextInt(4) == 0) {
      return java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
    }
    return bytes;
  }

  // Replaces one field somewhere in the event with an odd value.
  private static String mutate(String template, Random random) {
    if (template.equals("[DONE]")) {
      return "[DONE";
    }
    JsonNode event = Json.read(template);
    List<ObjectNode> objects = new ArrayList<>();
    collect(event, objects);
    ObjectNode target = objects.get(random.nextInt(objects.size()));
    List<String> names = new ArrayList<>(target.propertyNames());
    if (names.isEmpty()) {
      return Json.write(event);
    }
    String name = names.get(random.nextInt(names.size()));
    if (random.nextInt(4) == 0) {
      target.remove(name);
    } else {
      target.set(name, ODD_VALUES.get(random.nextInt(ODD_VALUES.size())));
    }
    return Json.write(event);
  }

  private static void collect(JsonNode node, List<ObjectNode> into) {
    if (node instanceof ObjectNode object) {
      into.add(object);
    }
    for (JsonNode child : node) {
      collect(child, into);
    }
  }
}
