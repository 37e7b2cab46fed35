package io.kxm.bench.product;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.client.Request;
import io.kxm.bench.client.SseStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hub's messaging contract as the product scenarios use it, over the suite's lean client:
 * register, send, reply, await, and an agent's event stream.
 */
public final class HubClient {
  private static final JsonMapper JSON = JsonMapper.shared();
  private static final String MCP_STATELESS = "2026-07-28";
  private static final String MCP_VERSION_META = "io.modelcontextprotocol/protocolVersion";
  private final HubEndpoint hub;

  public HubClient(HubEndpoint hub) {
    this.hub = hub;
  }

  public URI base() {
    return hub.base();
  }

  public Agent register(HttpConnection c, String name, String purpose) throws IOException {
    ObjectNode body = JSON.createObjectNode().put("name", name).put("purpose", purpose);
    HttpResponse r =
        c.send(
                Request.postJson(
                    hub.base(),
                    "/v1/projects/" + hub.project() + "/agents",
                    projectHeaders(),
                    body.toString()))
            .expect(201, "register " + name);
    JsonNode n = JSON.readTree(r.text());
    return new Agent(n.path("agentId").asString(), n.path("agentKey").asString(), name);
  }

  /** A send, encoded once, for a load loop that repeats it. */
  public Request sendRequest(Agent from, String target, String content) {
    ObjectNode body = JSON.createObjectNode().put("target", target).put("content", content);
    return Request.postJson(
        hub.base(), "/v1/agents/" + from.id() + "/messages", agentHeaders(from), body.toString());
  }

  /**
   * A send that the hub accepts even when the recipient has gone offline, for building a backlog
   * that a client reads later.
   */
  public Request sendRequestAllowingOffline(Agent from, String target, String content) {
    ObjectNode body =
        JSON.createObjectNode()
            .put("target", target)
            .put("content", content)
            .put("allowOffline", true);
    return Request.postJson(
        hub.base(), "/v1/agents/" + from.id() + "/messages", agentHeaders(from), body.toString());
  }

  /**
   * An A2A 1.0 {@code SendMessage} to {@code agent}'s A2A endpoint with the project token, answered
   * at once ({@code returnImmediately}); {@code messageId} must be fresh, since it is the request's
   * idempotency key.
   */
  public Request a2aSendRequest(String agent, String messageId, String text) {
    ObjectNode message = JSON.createObjectNode().put("messageId", messageId);
    message.put("role", "ROLE_USER").putArray("parts").addObject().put("text", text);
    ObjectNode params = JSON.createObjectNode();
    params.set("message", message);
    params.putObject("configuration").put("returnImmediately", true);
    ObjectNode call = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
    call.put("method", "SendMessage").set("params", params);
    return Request.postJson(
        hub.base(), "/a2a/" + hub.project() + "/" + agent, projectHeaders(), call.toString());
  }

  /**
   * A {@code tools/call} of {@code kxm_send} in MCP revision 2026-07-28 on {@code /mcp}, as {@code
   * agent}, allowing an offline recipient.
   */
  public Request mcpStatelessSendRequest(String agent, String target, String content) {
    return mcpStatelessCallRequest(
        agent, "kxm_send", Map.of("target", target, "content", content, "allowOffline", true));
  }

  /**
   * A {@code tools/call} in MCP revision 2026-07-28 on {@code /mcp}: no session, the version in
   * {@code _meta} and in the headers, the calling agent named on the request.
   */
  public Request mcpStatelessCallRequest(String agent, String tool, Map<String, Object> arguments) {
    ObjectNode params = JSON.createObjectNode().put("name", tool);
    envelope(params);
    params.set("arguments", JSON.valueToTree(arguments));
    return mcpStateless(agent, "tools/call", params);
  }

  /**
   * Opens a {@code subscriptions/listen} for {@code kxm://inbox} as {@code agent}: an event stream
   * whose first event acknowledges it and whose later ones tell each request that arrives.
   */
  public SseStream mcpListen(String agent) throws IOException {
    ObjectNode params = JSON.createObjectNode();
    envelope(params);
    params.putObject("notifications").putArray("resourceSubscriptions").add("kxm://inbox");
    Request listen = mcpStateless(agent, "subscriptions/listen", params);
    return SseStream.post(
        hub.base(),
        "/mcp",
        mcpHeaders(agent, "subscriptions/listen"),
        new String(listen.body(), StandardCharsets.UTF_8),
        64 * 1024);
  }

  /** The revision's envelope: the version, and the client's capabilities (none). */
  private static void envelope(ObjectNode params) {
    ObjectNode meta = params.putObject("_meta").put(MCP_VERSION_META, MCP_STATELESS);
    meta.putObject("io.modelcontextprotocol/clientCapabilities");
  }

  private Request mcpStateless(String agent, String method, ObjectNode params) {
    ObjectNode call = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
    call.put("method", method).set("params", params);
    return Request.postJson(hub.base(), "/mcp", mcpHeaders(agent, method), call.toString());
  }

  private Map<String, String> mcpHeaders(String agent, String method) {
    Map<String, String> headers = projectHeaders();
    headers.put("X-KXM-Agent-Name", agent);
    headers.put("MCP-Protocol-Version", MCP_STATELESS);
    headers.put("Mcp-Method", method);
    headers.put("Accept", "application/json, text/event-stream");
    return headers;
  }

  /** A reservation of {@code glob} for {@code holder}, encoded once for a load loop. */
  public Request reserveRequest(Agent holder, String glob) {
    ObjectNode body = JSON.createObjectNode();
    body.putArray("paths").add(glob);
    return Request.postJson(
        hub.base(),
        "/v1/agents/" + holder.id() + "/reservations",
        agentHeaders(holder),
        body.toString());
  }

  /** The project's live reservations, read with the project token. */
  public Request liveReservationsRequest() {
    return Request.get(
        hub.base(), "/v1/projects/" + hub.project() + "/reservations", projectHeaders());
  }

  /** The release of one of {@code holder}'s reservations. */
  public Request releaseRequest(Agent holder, String reservationId) {
    return Request.of(
        "DELETE",
        hub.base(),
        "/v1/agents/" + holder.id() + "/reservations/" + reservationId,
        agentHeaders(holder),
        null);
  }

  /** The id of the reservation a reserve answered, which must be 201. */
  public static String reservationId(HttpResponse reserveAnswer) {
    String id =
        JSON.readTree(reserveAnswer.expect(201, "reserve").text())
            .path("reservation")
            .path("id")
            .asString();
    if (id.isEmpty()) {
      throw new IllegalStateException(
          "a reserve was answered without an id: " + reserveAnswer.text());
    }
    return id;
  }

  /** The new message's id from the answer to a send, which must be 201. */
  public static String messageId(HttpResponse sendAnswer) {
    String id = JSON.readTree(sendAnswer.expect(201, "send").text()).path("messageId").asString();
    if (id.isEmpty()) {
      throw new IllegalStateException(
          "a send was answered without a messageId: " + sendAnswer.text());
    }
    return id;
  }

  public void reply(HttpConnection c, Agent from, String messageId, String content)
      throws IOException {
    ObjectNode body = JSON.createObjectNode().put("content", content);
    HttpResponse r =
        c.send(
            Request.postJson(
                hub.base(),
                "/v1/agents/" + from.id() + "/messages/" + messageId + "/reply",
                agentHeaders(from),
                body.toString()));
    expect2xx(r, "reply to " + messageId);
  }

  /** Waits on the hub for the reply to {@code messageId} and returns the message. */
  public JsonNode await(HttpConnection c, Agent sender, String messageId) throws IOException {
    HttpResponse r =
        c.send(
            Request.get(
                hub.base(),
                "/v1/agents/" + sender.id() + "/messages/" + messageId + "/await?timeoutMs=60000",
                agentHeaders(sender)));
    expect2xx(r, "await " + messageId);
    return JSON.readTree(r.text());
  }

  public SseStream events(Agent agent) throws IOException {
    return events(agent, 0, 16 * 1024);
  }

  /**
   * The agent's event stream resumed after {@code lastEventId} (0: from the start), read through a
   * buffer of {@code bufferSize} bytes (small for connections held idle by the thousand).
   */
  public SseStream events(Agent agent, long lastEventId, int bufferSize) throws IOException {
    Map<String, String> headers = agentHeaders(agent);
    if (lastEventId > 0) {
      headers.put("Last-Event-ID", Long.toString(lastEventId));
    }
    return SseStream.open(hub.base(), "/v1/agents/" + agent.id() + "/events", headers, bufferSize);
  }

  /** The project token's header, for routes that take no agent key (the operations stream). */
  public Map<String, String> projectAuthorization() {
    return projectHeaders();
  }

  /** The operations log's last number now, to follow it from there. */
  public long opsSeq(HttpConnection c) throws IOException {
    HttpResponse r = c.send(Request.get(hub.base(), "/v1/ops/snapshot", projectHeaders()));
    expect2xx(r, "ops snapshot");
    return JSON.readTree(r.text()).path("seq").asLong();
  }

  private Map<String, String> projectHeaders() {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Authorization", "Bearer " + hub.projectToken());
    return h;
  }

  private Map<String, String> agentHeaders(Agent agent) {
    Map<String, String> h = projectHeaders();
    h.put("X-KXM-Agent-Key", agent.key());
    return h;
  }

  private static void expect2xx(HttpResponse r, String what) {
    if (r.status() / 100 != 2) {
      r.expect(200, what);
    }
  }
}
