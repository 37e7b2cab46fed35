package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.AgentInfo;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.FanoutResponse;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.ReplyResult;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.SendResult;
import io.kxm.core.peer.WaitStatus;
import io.kxm.hub.agents.PresenceKeeper;
import io.kxm.mcp.http.SessionActivity;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The peer port of one registered agent, inside the hub process: the same code as the HTTP routes,
 * without HTTP. Being open does not keep the agent online: each {@link #begin activity} (an MCP
 * request under way, its open event stream) does, renewing the presence lease until it ends. A
 * session that stops talking turns stale and offline by the clock, one lease after it went silent.
 */
public final class LocalPeers implements PeerOperations, SessionActivity, AutoCloseable {
  private final String agentId;
  private final MessagingServices services;
  private final PresenceKeeper presence;
  private final List<ArrivalSubscription> subscriptions = new CopyOnWriteArrayList<>();

  LocalPeers(String agentId, MessagingServices services, PresenceKeeper presence) {
    this.agentId = agentId;
    this.services = services;
    this.presence = presence;
  }

  /** The agent this port acts as. */
  public String agentId() {
    return agentId;
  }

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    return services.agents().peers(self(), includeOffline);
  }

  @Override
  public SendResult send(SendRequest request) {
    return services.sender().send(self(), request);
  }

  @Override
  public PeerMessage get(String messageId) {
    return services.reads().get(self(), messageId);
  }

  /** Sends to every target, then waits up to the request's timeout for all of them to finish. */
  @Override
  public FanoutResult fanout(FanoutRequest request) {
    Agent self = self();
    List<FanoutSent> sent = services.fanouts().send(self, request);
    List<String> ids = sent.stream().filter(FanoutSent::sent).map(FanoutSent::messageId).toList();
    Awaiter.Waited waited =
        ids.isEmpty()
            ? new Awaiter.Waited(List.of(), false)
            : services.awaiter().awaitAll(self, ids, request.timeout());
    Iterator<PeerMessage> finished = waited.messages().iterator();
    List<FanoutResponse> responses = new ArrayList<>();
    for (FanoutSent one : sent) {
      responses.add(
          one.sent()
              ? response(one.target(), finished.next(), waited.aborted())
              : new FanoutResponse.Failed(one.target(), one.error()));
    }
    return new FanoutResult(responses);
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    return services.awaiter().await(self(), request.messageId(), request.timeout());
  }

  @Override
  public PeerMessage cancel(String messageId) {
    return services.actions().cancel(self(), messageId);
  }

  @Override
  public List<PeerMessage> inbox() {
    return services.reads().inbox(self());
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    return services.actions().reply(self(), request);
  }

  /** Acknowledges an inbound request ({@code queued → delivered}). Not part of the tool port. */
  public PeerMessage ack(String messageId) {
    return services.actions().ack(self(), messageId);
  }

  /**
   * Calls {@code listener} on its own thread for every request that arrives for this agent from now
   * on, until this port closes; for MCP push notifications.
   */
  public ArrivalSubscription onRequest(Consumer<PeerMessage> listener) {
    ArrivalSubscription subscription = services.arrivals().subscribe(agentId, listener);
    subscriptions.add(subscription);
    return subscription;
  }

  /** Keeps the agent online until the returned activity ends. */
  @Override
  public Activity begin() {
    PresenceKeeper.Hold hold = presence.hold(agentId);
    return hold::close;
  }

  /**
   * Ends the arrival subscriptions. Presence is left to the clock: activities still under way end
   * with their requests.
   */
  @Override
  public void close() {
    subscriptions.forEach(ArrivalSubscription::close);
    subscriptions.clear();
  }

  private Agent self() {
    return services.agents().require(agentId);
  }

  private static FanoutResponse response(String target, PeerMessage message, boolean aborted) {
    MessageStatus status = message.status();
    if (status.isTerminal()) {
      return new FanoutResponse.Finished(
          target, message.id(), status, message.reply(), message.error());
    }
    return new FanoutResponse.Pending(
        target,
        message.id(),
        status,
        message.expiresAt(),
        aborted ? WaitStatus.ABORTED : WaitStatus.TIMED_OUT);
  }
}
