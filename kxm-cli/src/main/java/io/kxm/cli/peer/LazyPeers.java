package io.kxm.cli.peer;

import io.kxm.cli.agent.AgentSessions.AgentSession;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
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
import java.util.List;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * Registers the agent only when a tool first calls the hub, so that a call the tool refuses on its
 * own (a value too long, a missing argument) fails with that reason and registers nobody.
 */
final class LazyPeers
    implements PeerOperations, WorkflowOperations, ReservationOperations, AutoCloseable {
  private final Supplier<AgentSession> opener;
  private AgentSession session;

  LazyPeers(Supplier<AgentSession> opener) {
    this.opener = opener;
  }

  private synchronized PeerOperations peers() {
    if (session == null) {
      session = opener.get();
    }
    return session.peers();
  }

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    return peers().list(includeOffline);
  }

  @Override
  public SendResult send(SendRequest request) {
    return peers().send(request);
  }

  @Override
  public PeerMessage get(String messageId) {
    return peers().get(messageId);
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    return peers().fanout(request);
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    return peers().await(request);
  }

  @Override
  public PeerMessage cancel(String messageId) {
    return peers().cancel(messageId);
  }

  @Override
  public List<PeerMessage> inbox() {
    return peers().inbox();
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    return peers().reply(request);
  }

  @Override
  public synchronized void close() {
    if (session != null) {
      session.close();
    }
  }

  /** The session's workflow port: the HTTP client serves both. */
  private WorkflowOperations workflows() {
    if (peers() instanceof WorkflowOperations workflows) {
      return workflows;
    }
    throw new KxmException(
        ErrorCode.WORKFLOW_NOT_FOUND, "this connection does not reach hub workflow runs");
  }

  @Override
  public JsonNode runs() {
    return workflows().runs();
  }

  @Override
  public JsonNode run(String runId) {
    return workflows().run(runId);
  }

  @Override
  public JsonNode checkpoint(String runId, JsonNode body) {
    return workflows().checkpoint(runId, body);
  }

  @Override
  public JsonNode record(String runId, JsonNode body) {
    return workflows().record(runId, body);
  }

  @Override
  public JsonNode waitFor(String runId, JsonNode body) {
    return workflows().waitFor(runId, body);
  }

  @Override
  public JsonNode improvementReport() {
    return workflows().improvementReport();
  }

  /** The session's reservation port: the HTTP client serves it too. */
  private ReservationOperations reservations() {
    if (peers() instanceof ReservationOperations reservations) {
      return reservations;
    }
    throw new KxmException(
        ErrorCode.INVALID_REQUEST, "this connection does not reach the hub's reservations");
  }

  @Override
  public Reservation reserve(ReservationRequest request) {
    return reservations().reserve(request);
  }

  @Override
  public Reservation release(String reservationId) {
    return reservations().release(reservationId);
  }

  @Override
  public List<Reservation> live() {
    return reservations().live();
  }
}
