package io.kxm.client;

import io.kxm.core.context.ContextOperations;
import io.kxm.core.json.Json;
import io.kxm.core.peer.AgentInfo;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.ReplyResult;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.SendResult;
import io.kxm.core.reserve.Reservation;
import io.kxm.core.reserve.ReservationOperations;
import io.kxm.core.reserve.ReservationRequest;
import io.kxm.core.workflow.WorkflowOperations;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The peer, workflow, context and reservation ports over the hub's HTTP API, as one registered
 * agent: every call carries the project token and the agent key. Refusals arrive as the hub's own
 * codes. Thread-safe.
 */
public final class HttpPeerOperations
    implements PeerOperations, WorkflowOperations, ContextOperations, ReservationOperations {
  /** Header that carries the agent key on agent routes. */
  public static final String AGENT_KEY_HEADER = "X-KXM-Agent-Key";

  /** Margin over a long poll's own wait before the HTTP call gives up. */
  private static final Duration POLL_MARGIN = Duration.ofSeconds(15);

  private final HubHttp http;
  private final AgentCredentials agent;
  private final Map<String, String> keyHeader;
  private final FanoutWaiter waiter;
  private final HttpReservations reservations;

  public HttpPeerOperations(HubHttp http, AgentCredentials agent, Clock clock) {
    this.http = http;
    this.agent = agent;
    this.keyHeader = Map.of(AGENT_KEY_HEADER, agent.agentKey());
    this.reservations = new HttpReservations(http);
    this.waiter =
        new FanoutWaiter(
            clock,
            new FanoutWaiter.Reads() {
              @Override
              public PeerMessage await(String messageId, Duration wait) {
                return awaitFor(messageId, wait);
              }

              @Override
              public PeerMessage get(String messageId) {
                return HttpPeerOperations.this.get(messageId);
              }
            });
  }

  public AgentCredentials agent() {
    return agent;
  }

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    JsonNode answer =
        http.get(
            agentPath("/peers?includeOffline=" + includeOffline), keyHeader, HubHttp.CALL_TIMEOUT);
    return Arrays.asList(Json.MAPPER.treeToValue(answer.path("agents"), AgentInfo[].class));
  }

  @Override
  public SendResult send(SendRequest request) {
    return Json.MAPPER.treeToValue(
        http.post(agentPath("/messages"), keyHeader, WireBodies.send(request)), SendResult.class);
  }

  @Override
  public PeerMessage get(String messageId) {
    return message(http.get(messagePath(messageId, ""), keyHeader, HubHttp.CALL_TIMEOUT));
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    JsonNode sent = http.post(agentPath("/fanout"), keyHeader, WireBodies.fanout(request));
    return waiter.collect(sent.path("responses"), request.timeout());
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    return awaitFor(request.messageId(), request.timeout());
  }

  @Override
  public PeerMessage cancel(String messageId) {
    return message(http.post(messagePath(messageId, "/cancel"), keyHeader, null));
  }

  @Override
  public List<PeerMessage> inbox() {
    JsonNode answer = http.get(agentPath("/inbox"), keyHeader, HubHttp.CALL_TIMEOUT);
    return Arrays.asList(Json.MAPPER.treeToValue(answer.path("messages"), PeerMessage[].class));
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    JsonNode body = Json.object().put("content", request.content());
    return Json.MAPPER.treeToValue(
        http.post(messagePath(request.messageId(), "/reply"), keyHeader, body), ReplyResult.class);
  }

  /** Marks an inbound request as received ({@code queued → delivered}); the record after it. */
  public PeerMessage acknowledge(String messageId) {
    return message(http.post(messagePath(messageId, "/ack"), keyHeader, null));
  }

  /** Renews the presence lease. */
  public void heartbeat() {
    http.post(agentPath("/heartbeat"), keyHeader, null);
  }

  /** Ends presence now; the agent stays registered and can be reached with allowOffline. */
  public void leave() {
    http.delete(agentPath(""), keyHeader);
  }

  /** The path of this agent's event stream, for the follower. */
  String eventsPath() {
    return agentPath("/events");
  }

  Map<String, String> keyHeader() {
    return keyHeader;
  }

  private PeerMessage awaitFor(String messageId, Duration wait) {
    long ms = wait.toMillis();
    return message(
        http.get(
            messagePath(messageId, "/await?timeoutMs=" + ms), keyHeader, wait.plus(POLL_MARGIN)));
  }

  @Override
  public JsonNode runs() {
    return http.get(agentPath("/workflows/runs"), keyHeader, HubHttp.CALL_TIMEOUT);
  }

  @Override
  public JsonNode run(String runId) {
    return http.get(runPath(runId, ""), keyHeader, HubHttp.CALL_TIMEOUT);
  }

  @Override
  public JsonNode checkpoint(String runId, JsonNode body) {
    return http.post(runPath(runId, "/checkpoint"), keyHeader, body);
  }

  @Override
  public JsonNode record(String runId, JsonNode body) {
    return http.post(runPath(runId, "/record"), keyHeader, body);
  }

  @Override
  public JsonNode waitFor(String runId, JsonNode body) {
    return http.post(runPath(runId, "/wait"), keyHeader, body);
  }

  @Override
  public JsonNode improvementReport() {
    return http.get(agentPath("/workflows/improvement-report"), keyHeader, HubHttp.CALL_TIMEOUT);
  }

  @Override
  public JsonNode packet(JsonNode body) {
    return http.post(agentPath("/context/packet"), keyHeader, body);
  }

  @Override
  public JsonNode recall(JsonNode body) {
    return http.post(agentPath("/context/recall"), keyHeader, body);
  }

  @Override
  public JsonNode state(JsonNode body) {
    return http.post(agentPath("/context/state"), keyHeader, body);
  }

  @Override
  public JsonNode episodes(JsonNode body) {
    return http.post(agentPath("/context/episodes"), keyHeader, body);
  }

  @Override
  public JsonNode propose(JsonNode body) {
    return http.post(agentPath("/context/proposals"), keyHeader, body);
  }

  @Override
  public Reservation reserve(ReservationRequest request) {
    return reservations.reserve(agent.agentId(), keyHeader, request);
  }

  @Override
  public Reservation release(String reservationId) {
    return reservations.release(agent.agentId(), keyHeader, reservationId);
  }

  @Override
  public List<Reservation> live() {
    return reservations.live(agent.project());
  }

  private String runPath(String runId, String rest) {
    return agentPath("/workflows/runs/" + encode(runId) + rest);
  }

  private String agentPath(String rest) {
    return "/v1/agents/" + encode(agent.agentId()) + rest;
  }

  private String messagePath(String messageId, String rest) {
    return agentPath("/messages/" + encode(messageId) + rest);
  }

  private static PeerMessage message(JsonNode node) {
    return Json.MAPPER.treeToValue(node, PeerMessage.class);
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
