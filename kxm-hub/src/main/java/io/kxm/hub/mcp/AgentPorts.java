package io.kxm.hub.mcp;

import io.kxm.core.context.ContextOperations;
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
import io.kxm.mcp.http.SessionActivity;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Every port of an MCP session's agent in one object, since a session binds one port: peer
 * messaging, its workflow runs, its project's context and reservations. Each request of the session
 * is an activity of the peer port, which keeps the agent present while it is under way. Closing it
 * closes the peer port.
 */
public final class AgentPorts
    implements PeerOperations,
        WorkflowOperations,
        ContextOperations,
        ReservationOperations,
        SessionActivity,
        AutoCloseable {
  private final PeerOperations peers;
  private final WorkflowOperations workflows;
  private final ContextOperations context;
  private final ReservationOperations reservations;

  public AgentPorts(
      PeerOperations peers,
      WorkflowOperations workflows,
      ContextOperations context,
      ReservationOperations reservations) {
    this.peers = peers;
    this.workflows = workflows;
    this.context = context;
    this.reservations = reservations;
  }

  @Override
  public Activity begin() {
    return peers instanceof SessionActivity aware ? aware.begin() : () -> {};
  }

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    return peers.list(includeOffline);
  }

  @Override
  public SendResult send(SendRequest request) {
    return peers.send(request);
  }

  @Override
  public PeerMessage get(String messageId) {
    return peers.get(messageId);
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    return peers.fanout(request);
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    return peers.await(request);
  }

  @Override
  public PeerMessage cancel(String messageId) {
    return peers.cancel(messageId);
  }

  @Override
  public List<PeerMessage> inbox() {
    return peers.inbox();
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    return peers.reply(request);
  }

  @Override
  public JsonNode runs() {
    return workflows.runs();
  }

  @Override
  public JsonNode run(String runId) {
    return workflows.run(runId);
  }

  @Override
  public JsonNode checkpoint(String runId, JsonNode body) {
    return workflows.checkpoint(runId, body);
  }

  @Override
  public JsonNode record(String runId, JsonNode body) {
    return workflows.record(runId, body);
  }

  @Override
  public JsonNode waitFor(String runId, JsonNode body) {
    return workflows.waitFor(runId, body);
  }

  @Override
  public JsonNode improvementReport() {
    return workflows.improvementReport();
  }

  @Override
  public JsonNode packet(JsonNode body) {
    return context.packet(body);
  }

  @Override
  public JsonNode recall(JsonNode body) {
    return context.recall(body);
  }

  @Override
  public JsonNode state(JsonNode body) {
    return context.state(body);
  }

  @Override
  public JsonNode episodes(JsonNode body) {
    return context.episodes(body);
  }

  @Override
  public JsonNode propose(JsonNode body) {
    return context.propose(body);
  }

  @Override
  public Reservation reserve(ReservationRequest request) {
    return reservations.reserve(request);
  }

  @Override
  public Reservation release(String reservationId) {
    return reservations.release(reservationId);
  }

  @Override
  public List<Reservation> live() {
    return reservations.live();
  }

  @Override
  public void close() throws Exception {
    if (peers instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
