package io.kxm.testkit.hostile;

import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generated MCP traffic from a hostile client: requests of the right shape with hostile params,
 * {@code tools/call} with hostile arguments for every catalog tool, wrong types, huge and odd ids,
 * unknown methods, batches, truncated JSON, wrong protocol versions, stray responses and plain
 * garbage. Transport-neutral: the stdio test sends one per line, the HTTP test one per POST.
 */
public final class HostileMcp {
  /** Stands for a fresh request id; the test puts a unique one in before sending. */
  public static final String ID = "\"@id@\"";

  private static final List<String> ODD_IDS =
      List.of(
          "0",
          "-1",
          "1.5",
          "-0.0",
          "1e400",
          "9223372036854775808",
          "123456789012345678901234567890123456789",
          "\"\"",
          "\" \"",
          "\"\\u0000\"",
          "\"\\ud800\"",
          "\"é→🦊\"",
          "null",
          "true",
          "[]",
          "[1]",
          "{}",
          "{\"a\":1}");

  private static final List<String> METHODS =
      List.of(
          "ping",
          "tools/list",
          "resources/list",
          "resources/templates/list",
          "resources/read",
          "resources/subscribe",
          "prompts/list",
          "prompts/get",
          "logging/setLevel",
          "completion/complete",
          "sampling/createMessage",
          "roots/list",
          "initialize",
          "tools/call",
          "tasks/get",
          "tasks/result",
          "tasks/cancel",
          "tasks/list",
          "server/discover");

  private static final List<String> PROTOCOL_VERSIONS =
      List.of(
          "\"2025-06-18\"",
          "\"2025-03-26\"",
          "\"2024-11-05\"",
          "\"1999-01-01\"",
          "\"9999-12-31\"",
          "\"\"",
          "\"latest\"",
          "null",
          "20250618",
          "[\"2025-06-18\"]");

  private HostileMcp() {}

  /**
   * One thing to send.
   *
   * @param text the message, a batch, or not JSON at all; every {@link #ID} in it gets a fresh id
   * @param answered whether a conforming server must answer the id it carries
   * @param tool the catalog tool a {@code tools/call} names with well-formed params, else null
   */
  public record Input(String text, boolean answered, String tool) {
    public boolean callsTool() {
      return tool != null;
    }

    @Override
    public String toString() {
      return Hostile.abbreviate(text, 300);
    }
  }

  /**
   * Hostile traffic of every kind, and tool calls for every catalog tool.
   *
   * @param peers agent names that exist, so that some sends succeed; fanouts never target them,
   *     since a fanout to a live peer waits for its reply
   */
  public static Arbitrary<Input> inputs(List<String> peers) {
    return Arbitraries.frequencyOf(
        Tuple.of(8, toolCalls(peers)),
        Tuple.of(1, taskCalls(peers)),
        Tuple.of(2, plainRequests()),
        Tuple.of(1, statelessRequests()),
        Tuple.of(2, oddIds()),
        Tuple.of(1, wrongTypes()),
        Tuple.of(1, batches(peers)),
        Tuple.of(1, truncated(peers)),
        Tuple.of(1, initializes()),
        Tuple.of(1, strayMessages()),
        Tuple.of(1, garbage()));
  }

  /**
   * Requests of the stateless revision (a protocol version in {@code params._meta}), for every
   * method, with versions of every kind; sent without its headers, so most are refused for them.
   */
  static Arbitrary<Input> statelessRequests() {
    Arbitrary<String> version =
        Arbitraries.oneOf(
            Arbitraries.of("\"2026-07-28\"", "\"2025-11-25\"", "\"\""), values(List.of(), false));
    return Combinators.combine(Arbitraries.of(METHODS), version, values(List.of(), false))
        .as((method, v, name) ->
            new Input(
                request(
                    ID,
                    Json.write(method),
                    "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                        + v
                        + "},\"name\":"
                        + name
                        + ",\"arguments\":{}}"),
                false,
                null));
  }

  /**
   * {@code tools/call} asking to run as a task, for every tool, with a hostile {@code task} member
   * now and then. Not counted as tool calls: a refused task is a JSON-RPC error, not a result.
   */
  static Arbitrary<Input> taskCalls(List<String> peers) {
    Arbitrary<String> task =
        Arbitraries.oneOf(
            Arbitraries.of("{}", "{\"ttl\":60000}", "{\"ttl\":0}", "{\"ttl\":-5}"),
            values(List.of(), false));
    List<Arbitrary<Input>> perTool = new ArrayList<>();
    for (ToolDefinition tool : ToolCatalog.standard().tools()) {
      perTool.add(
          Combinators.combine(arguments(tool, peers), task)
              .as((args, t) ->
                  new Input(
                      request(
                          ID,
                          "tools/call",
                          "{\"name\":"
                              + Json.write(tool.name())
                              + ",\"arguments\":"
                              + args
                              + ",\"task\":"
                              + t
                              + "}"),
                      false,
                      null)));
    }
    return Arbitraries.oneOf(perTool);
  }

  /** {@code tools/call} with a well-formed envelope and hostile arguments, for every tool. */
  public static Arbitrary<Input> toolCalls(List<String> peers) {
    List<Arbitrary<Input>> perTool = new ArrayList<>();
    for (ToolDefinition tool : ToolCatalog.standard().tools()) {
      perTool.add(
          arguments(tool, peers)
              .map(args ->
                  new Input(
                      request(
                          ID,
                          "tools/call",
                          "{\"name\":" + Json.write(tool.name()) + ",\"arguments\":" + args + "}"),
                      true,
                      tool.name())));
    }
    return Arbitraries.oneOf(perTool);
  }

  /** An arguments object: the tool's own properties and some others, with hostile values. */
  public static Arbitrary<String> arguments(ToolDefinition tool, List<String> peers) {
    List<String> keys = new ArrayList<>();
    tool.inputSchema().path("properties").propertyNames().forEach(keys::add);
    keys.addAll(List.of("extra", "", "__proto__", "$ref"));
    boolean waits = tool.name().equals("kxm_await") || tool.name().equals("kxm_fanout");
    Arbitrary<String> value = values(waits ? List.of() : peers, !waits);
    return Arbitraries.maps(Arbitraries.of(keys), value)
        .ofMaxSize(keys.size())
        .map(HostileMcp::object);
  }

  /**
   * JSON values of every type: names, unicode text, numbers at and past their limits, nested lists
   * and objects, now and then a string past every size limit.
   *
   * @param existingMessages whether ids of messages that may exist are allowed; an await on one
   *     holds the caller until its timeout
   */
  public static Arbitrary<String> values(List<String> peers, boolean existingMessages) {
    Arbitrary<String> text = Arbitraries.strings().all().ofMaxLength(40).map(Json::write);
    List<String> fixed = new ArrayList<>();
    peers.forEach(p -> fixed.add(Json.write(p)));
    peers.forEach(p -> fixed.add(Json.write(p.toUpperCase(java.util.Locale.ROOT))));
    fixed.addAll(
        List.of(
            "\"\"",
            "\" \"",
            "\"followUp\"",
            "\"steer\"",
            "\"msg_missing\"",
            "\"run_missing\"",
            "\"../../etc/passwd\"",
            "0",
            "-1",
            "99",
            "100",
            "60000",
            "60001",
            "1800001",
            "2147483648",
            "9223372036854775807",
            "9223372036854775808",
            "1e400",
            "-1e400",
            "1.5",
            "-0.0",
            "true",
            "false",
            "null",
            "[]",
            "{}",
            "[\"a\",\"b\",\"c\",\"d\"]",
            "[1,null,{}]",
            "{\"stage\":\"x\",\"runId\":\"run_1\",\"evidence\":[]}",
            "{\"\":{\"\":[[[[[]]]]]}}"));
    if (existingMessages) {
      fixed.addAll(List.of("\"msg_1\"", "\"msg_2\""));
    }
    Arbitrary<String> nested =
        Arbitraries.oneOf(text, Arbitraries.of(fixed))
            .list()
            .ofMaxSize(4)
            .map(items -> "[" + String.join(",", items) + "]");
    return Arbitraries.frequencyOf(
        Tuple.of(5, Arbitraries.of(fixed)),
        Tuple.of(4, text),
        Tuple.of(2, Arbitraries.longs().map(String::valueOf)),
        Tuple.of(
            1, Arbitraries.doubles().map(d -> Double.isFinite(d) ? String.valueOf(d) : "1e999")),
        Tuple.of(1, nested),
        Tuple.of(1, Arbitraries.of(40_000, 200_000).map(n -> Json.write("x".repeat(n)))));
  }

  /** Methods of the protocol, and unknown ones, with a fresh id and hostile params. */
  static Arbitrary<Input> plainRequests() {
    Arbitrary<String> unknown =
        Arbitraries.strings().all().ofMaxLength(30).map(s -> s.isEmpty() ? "x" : s);
    Arbitrary<String> params =
        Arbitraries.oneOf(
            Arbitraries.of(
                "{}", "{\"_meta\":{\"progressToken\":[{}]}}", "{\"level\":\"nonsense\"}"),
            Arbitraries.of(
                "{\"uri\":\"kxm://inbox\"}", "{\"uri\":\"file:///etc/passwd\"}", "{\"uri\":7}"),
            values(List.of(), false).map(v -> "{\"name\":" + v + ",\"arguments\":" + v + "}"));
    Arbitrary<Input> known =
        Combinators.combine(Arbitraries.of(METHODS), params)
            .as((method, p) ->
                new Input(
                    request(ID, method, p),
                    // a well-formed ping or tools/list has one right answer and always gets it
                    method.equals("ping") || method.equals("tools/list"),
                    null));
    Arbitrary<Input> unknownMethod =
        unknown.map(method -> new Input(request(ID, Json.write(method), "{}"), false, null));
    return Arbitraries.oneOf(known, unknownMethod);
  }

  /** ping and tools/list under ids of every JSON type and of absurd sizes. */
  static Arbitrary<Input> oddIds() {
    return Combinators.combine(Arbitraries.of(ODD_IDS), Arbitraries.of("ping", "tools/list"))
        .as((id, method) -> new Input(request(id, method, "{}"), false, null));
  }

  /** Envelopes with members of the wrong type or missing. */
  static Arbitrary<Input> wrongTypes() {
    return Arbitraries.of(
            "{\"jsonrpc\":\"1.0\",\"id\":" + ID + ",\"method\":\"ping\"}",
            "{\"jsonrpc\":2.0,\"id\":" + ID + ",\"method\":\"ping\"}",
            "{\"id\":" + ID + ",\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":7}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":[\"ping\"]}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":\"tools/call\",\"params\":[]}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":\"tools/call\",\"params\":\"x\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":\"tools/call\",\"params\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + ID
                + ",\"method\":\"tools/call\",\"params\":{\"name\":7}}",
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + ID
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\"kxm_send\",\"arguments\":[]}}",
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + ID
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\"kxm_send\",\"arguments\":\"x\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + ID
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\"kxm_nope\",\"arguments\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":\"tools/call\",\"params\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":\"ping\",\"params\":7}",
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + ID
                + ",\"method\":\"ping\",\"result\":{},\"error\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":" + ID + ",\"method\":\"ping\",\"method\":\"tools/list\"}")
        .map(text -> new Input(text, false, null));
  }

  /** JSON-RPC batches, which this protocol version no longer allows, of any content. */
  static Arbitrary<Input> batches(List<String> peers) {
    Arbitrary<String> member =
        Arbitraries.oneOf(
            toolCalls(peers).map(Input::text),
            plainRequests().map(Input::text),
            Arbitraries.of("1", "null", "[]", "{}"));
    return member
        .list()
        .ofMaxSize(4)
        .map(items -> new Input("[" + String.join(",", items) + "]", false, null));
  }

  /** A message cut short anywhere. */
  static Arbitrary<Input> truncated(List<String> peers) {
    return Combinators.combine(
            Arbitraries.oneOf(toolCalls(peers), plainRequests()).map(Input::text),
            Arbitraries.doubles().between(0, 1))
        .as((text, at) -> {
          // the generated id token becomes a fixed string first, so a cut never splits it
          String whole = text.replace(ID, "\"cut\"");
          return new Input(whole.substring(0, (int) (whole.length() * at)), false, null);
        });
  }

  /** initialize again, with wrong or absent protocol versions, capabilities and client info. */
  static Arbitrary<Input> initializes() {
    Arbitrary<String> capabilities =
        Arbitraries.of(
            "{}", "null", "[]", "{\"roots\":{\"listChanged\":\"yes\"}}", "{\"sampling\":7}");
    Arbitrary<String> client =
        Arbitraries.of(
            "{\"name\":\"t\",\"version\":\"1\"}", "{}", "null", "\"client\"", "{\"name\":7}");
    return Combinators.combine(Arbitraries.of(PROTOCOL_VERSIONS), capabilities, client)
        .as((version, caps, info) ->
            new Input(
                request(
                    ID,
                    "initialize",
                    "{\"protocolVersion\":"
                        + version
                        + ",\"capabilities\":"
                        + caps
                        + ",\"clientInfo\":"
                        + info
                        + "}"),
                false,
                null));
  }

  /** Responses to requests never made, and notifications with hostile params. */
  static Arbitrary<Input> strayMessages() {
    Arbitrary<String> value = values(List.of(), false);
    return Arbitraries.oneOf(
            Combinators.combine(Arbitraries.of(ODD_IDS), value)
                .as((id, v) -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + v + "}"),
            Combinators.combine(Arbitraries.of(ODD_IDS), value)
                .as((id, v) ->
                    "{\"jsonrpc\":\"2.0\",\"id\":"
                        + id
                        + ",\"error\":{\"code\":"
                        + v
                        + ",\"message\":"
                        + v
                        + "}}"),
            Combinators.combine(
                    Arbitraries.of(
                        "notifications/cancelled",
                        "notifications/progress",
                        "notifications/initialized",
                        "notifications/roots/list_changed",
                        "notifications/unknown"),
                    value)
                .as((method, v) ->
                    "{\"jsonrpc\":\"2.0\",\"method\":\""
                        + method
                        + "\",\"params\":{\"requestId\":"
                        + v
                        + ",\"progressToken\":"
                        + v
                        + ",\"progress\":"
                        + v
                        + "}}"))
        .map(text -> new Input(text, false, null));
  }

  /** Text that is not a JSON-RPC message at all. */
  static Arbitrary<Input> garbage() {
    return Arbitraries.oneOf(
            Arbitraries.strings()
                .all()
                .ofMaxLength(60)
                .map(s -> s.replace('\n', ' ').replace('\r', ' ')),
            Arbitraries.of(
                "",
                " ",
                "null",
                "{}",
                "[]",
                "\"x\"",
                "1",
                "{\"jsonrpc\":\"2.0\"}",
                "{{",
                "}",
                "\u0000",
                "\ufeff{}"))
        .map(text -> new Input(text, false, null));
  }

  /** A request envelope; {@code params} is JSON text. */
  public static String request(String id, String method, String params) {
    String name = method.startsWith("\"") ? method : Json.write(method);
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":"
        + name
        + ",\"params\":"
        + params
        + "}";
  }

  private static String object(Map<String, String> fields) {
    StringBuilder out = new StringBuilder("{");
    fields.forEach((k, v) ->
        out.append(out.length() > 1 ? "," : "").append(Json.write(k)).append(':').append(v));
    return out.append('}').toString();
  }
}
