package io.kxm.mcp.rpc;

import io.kxm.core.json.Json;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.policy.PolicyDecision;
import io.kxm.core.tool.ToolContext;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.mcp.InboxResource;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.McpServerOptions;
import io.kxm.mcp.ToolSpecifications;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The stateless core of MCP revision 2026-07-28, answered by this layer since the SDK in use stops
 * at 2025-11-25: {@code server/discover}, {@code tools/list}, {@code tools/call}, {@code
 * resources/list}, {@code resources/read} of {@code kxm://inbox}, and the empty prompt and template
 * lists, each request carrying its protocol version and the client's capabilities in {@code _meta}
 * and needing no session. The checks, codes and HTTP statuses follow the revision as the official
 * conformance suite (0.2.0-alpha.12) tests it. It is the same on both transports: HTTP adds its
 * required headers through a {@link TransportCheck}, and each transport serves {@code
 * subscriptions/listen} its own way with the messages built here.
 */
public final class StatelessRevision {
  public static final String VERSION = "2026-07-28";
  public static final List<String> SUPPORTED = List.of(VERSION, "2025-11-25");
  public static final String VERSION_META = "io.modelcontextprotocol/protocolVersion";
  public static final String SERVER_INFO_META = "io.modelcontextprotocol/serverInfo";
  public static final String SUBSCRIPTION_META = "io.modelcontextprotocol/subscriptionId";

  /** How long a client may keep the tool list: it changes only with the hub's version. */
  public static final long LIST_TTL_MS = 300_000;

  public static final String CAPABILITIES_META = "io.modelcontextprotocol/clientCapabilities";

  /** The request's headers do not repeat its body's version or method. */
  public static final int HEADER_MISMATCH = -32020;

  public static final int UNSUPPORTED_VERSION = -32022;

  /** What a malformed envelope is answered with over HTTP. */
  private static final int BAD_REQUEST = 400;

  private final McpServerOptions options;

  public StatelessRevision(McpServerOptions options) {
    this.options = options;
  }

  /** Whether {@code message} is for this layer: a discovery, or a request that names a version. */
  public static boolean applies(JsonNode message) {
    return message.path("method").asString("").equals("server/discover")
        || message.path("params").path("_meta").has(VERSION_META);
  }

  /**
   * What a transport requires of a request beyond the revision's own checks, such as HTTP's headers
   * that repeat the version and the method; it throws {@link RpcRefusal} to refuse.
   */
  @FunctionalInterface
  public interface TransportCheck {
    /** Stdio carries nothing beside the message to check. */
    TransportCheck NONE = (method, version) -> {};

    void check(String method, String version);
  }

  /** One request's JSON-RPC response, and the HTTP status the revision gives it. */
  public record Answer(ObjectNode message, int httpStatus) {}

  /**
   * The answer to one request, or a refusal. {@code tools} gives the calling agent's port for tool
   * calls and {@code inbox} the one {@code kxm://inbox} is read through (the same on HTTP); each is
   * asked for only by a request that acts as the agent.
   */
  public Answer answer(
      JsonNode message,
      TransportCheck transport,
      Supplier<PeerOperations> tools,
      Supplier<PeerOperations> inbox) {
    JsonNode id = message.path("id");
    try {
      String method = message.path("method").asString("");
      check(message, transport);
      JsonNode result =
          switch (method) {
            case "server/discover" -> discover();
            case "tools/list" -> tools();
            case "tools/call" -> call(message.path("params"), tools.get());
            case "resources/list" -> resources();
            case "resources/templates/list" -> emptyList("resourceTemplates");
            case "resources/read" -> read(message.path("params"), inbox.get());
            case "prompts/list" -> emptyList("prompts");
            default ->
                // ping, initialize, logging/setLevel and resources/subscribe are gone in this
                // revision; the rest (completion, the tasks extension) are not served here
                throw new RpcRefusal(
                    RpcRefusal.METHOD_NOT_FOUND,
                    "method '"
                        + method
                        + "' is not served over "
                        + VERSION
                        + "; server/discover lists what is, and 2025-11-25 (initialize) serves"
                        + " the tasks methods",
                    null,
                    404);
          };
      // every result of this revision says it is whole; none here is partial
      ((ObjectNode) result).put("resultType", "complete");
      return new Answer(RpcAnswers.response(id).set("result", result), 200);
    } catch (RpcRefusal e) {
      return new Answer(RpcAnswers.error(id, e), e.httpStatus());
    }
  }

  /**
   * Refuses a request whose envelope ({@code params._meta}) does not name a version and the
   * client's capabilities, that its transport refuses (HTTP: headers that differ from the body), or
   * whose version is not this revision's, in that order.
   *
   * @throws RpcRefusal naming what to change
   */
  public void check(JsonNode message, TransportCheck transport) {
    String method = message.path("method").asString("");
    JsonNode meta = message.path("params").path("_meta");
    JsonNode named = meta.path(VERSION_META);
    if (!named.isString() || named.asString().isBlank()) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS,
          "params._meta must name "
              + VERSION_META
              + " (\""
              + VERSION
              + "\") and carry "
              + CAPABILITIES_META,
          null,
          BAD_REQUEST);
    }
    String version = named.asString();
    transport.check(method, version);
    if (!version.equals(VERSION)) {
      ObjectNode data = Json.object();
      var supported = data.putArray("supported");
      SUPPORTED.forEach(supported::add);
      data.put("requested", version);
      throw new RpcRefusal(
          UNSUPPORTED_VERSION,
          "protocol version '" + version + "' is not served; supported: " + SUPPORTED,
          data,
          BAD_REQUEST);
    }
    if (!meta.path(CAPABILITIES_META).isObject()) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS,
          "params._meta must carry "
              + CAPABILITIES_META
              + " on every request ({} when the client has none)",
          null,
          BAD_REQUEST);
    }
  }

  private ObjectNode discover() {
    ObjectNode result = Json.object();
    var versions = result.putArray("supportedVersions");
    SUPPORTED.forEach(versions::add);
    ObjectNode capabilities = result.putObject("capabilities");
    capabilities.putObject("tools").put("listChanged", false);
    capabilities.putObject("resources").put("subscribe", true).put("listChanged", false);
    // none are offered, but the list answers (empty) as the revision asks of a server that lists
    capabilities.putObject("prompts").put("listChanged", false);
    result.put("instructions", options.instructions());
    cacheable(result, 0);
    return result;
  }

  private ObjectNode tools() {
    ObjectNode result = Json.object();
    var tools = result.putArray("tools");
    for (ToolDefinition tool : options.catalog().tools()) {
      tools.add(McpJson.tree(ToolSpecifications.describe(tool)));
    }
    cacheable(result, LIST_TTL_MS);
    return result;
  }

  /** A list this server has nothing in (prompts, resource templates), cacheable like the others. */
  private ObjectNode emptyList(String member) {
    ObjectNode result = Json.object();
    result.putArray(member);
    cacheable(result, LIST_TTL_MS);
    return result;
  }

  private JsonNode call(JsonNode params, PeerOperations port) {
    String name = params.path("name").asString("");
    Optional<ToolDefinition> tool = options.catalog().find(name);
    if (tool.isEmpty()) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS, "no tool '" + name + "'; tools/list names them");
    }
    JsonNode arguments = params.path("arguments");
    @SuppressWarnings("unchecked")
    Map<String, Object> args =
        arguments.isObject() ? Json.MAPPER.convertValue(arguments, Map.class) : Map.of();
    ToolContext context = ToolContext.of(port);
    return McpJson.tree(ToolSpecifications.call(tool.get(), options.policy(), () -> context, args));
  }

  private ObjectNode resources() {
    ObjectNode result = Json.object();
    result
        .putArray("resources")
        .addObject()
        .put("uri", InboxResource.URI)
        .put("name", "inbox")
        .put("description", "Requests addressed to you that still need a reply.")
        .put("mimeType", "application/json");
    cacheable(result, LIST_TTL_MS);
    return result;
  }

  /** {@code kxm://inbox}: what {@code kxm_inbox} returns, under the same policy. */
  private ObjectNode read(JsonNode params, PeerOperations port) {
    String uri = params.path("uri").asString("");
    if (!uri.equals(InboxResource.URI)) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS,
          "no resource '" + uri + "'; resources/list names them",
          Json.object().put("uri", uri));
    }
    if (options.policy().check("kxm_inbox") instanceof PolicyDecision.Denied denied) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_REQUEST, denied.code().code() + ": " + denied.message());
    }
    ObjectNode result = Json.object();
    result
        .putArray("contents")
        .addObject()
        .put("uri", uri)
        .put("mimeType", "application/json")
        .put("text", Json.write(Map.of("messages", port.inbox())));
    cacheable(result, 0);
    return result;
  }

  /**
   * What a {@code subscriptions/listen} is granted: the inbox, when it asked for {@code
   * kxm://inbox} among its resource subscriptions; nothing else here changes.
   */
  public static ObjectNode honored(JsonNode params) {
    ObjectNode honored = Json.object();
    for (JsonNode uri : params.path("notifications").path("resourceSubscriptions")) {
      if (uri.asString("").equals(InboxResource.URI)) {
        honored.putArray("resourceSubscriptions").add(InboxResource.URI);
        break;
      }
    }
    return honored;
  }

  /** The stream's first message: which notifications it will carry. */
  public static ObjectNode acknowledged(JsonNode listenId, ObjectNode honored) {
    ObjectNode params = Json.object();
    params.set("_meta", subscription(listenId));
    params.set("notifications", honored);
    return notification("notifications/subscriptions/acknowledged", params);
  }

  /** The inbox changed: a request arrived for the agent. */
  public static ObjectNode inboxUpdated(JsonNode listenId) {
    ObjectNode params = Json.object().put("uri", InboxResource.URI);
    params.set("_meta", subscription(listenId));
    return notification("notifications/resources/updated", params);
  }

  /** The listen request's result, sent when the server ends the stream. */
  public static ObjectNode listenEnded(JsonNode listenId) {
    ObjectNode result = Json.object().put("resultType", "complete");
    result.set("_meta", subscription(listenId));
    return RpcAnswers.response(listenId).set("result", result);
  }

  private static ObjectNode subscription(JsonNode listenId) {
    ObjectNode meta = Json.object();
    meta.set(SUBSCRIPTION_META, listenId);
    return meta;
  }

  private static ObjectNode notification(String method, ObjectNode params) {
    ObjectNode message = Json.object().put("jsonrpc", "2.0").put("method", method);
    message.set("params", params);
    return message;
  }

  /** A result a client may cache: for how long, only for this caller, and who served it. */
  private void cacheable(ObjectNode result, long ttlMs) {
    result.put("ttlMs", ttlMs);
    result.put("cacheScope", "private");
    result
        .putObject("_meta")
        .putObject(SERVER_INFO_META)
        .put("name", options.name())
        .put("version", options.version());
  }
}
