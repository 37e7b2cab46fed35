package io.kxm.cli.support;

import io.kxm.cli.agent.AgentSessions;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.AgentInfo;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.FanoutResponse;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.peer.Presence;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.ReplyResult;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.SendResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A test double of the peer port: the agents {@code bob} and {@code carol} are online, every send
 * to them is queued, nothing is ever answered. It records what each call received, so tests of the
 * CLI can check what reached the port. Not a model of messaging.
 */
public final class InMemoryPeers implements PeerOperations {
  static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final List<String> ONLINE = List.of("bob", "carol");

  /** Every call, as the request record it received. */
  public final List<Object> calls = new CopyOnWriteArrayList<>();

  /** Sessions opened through {@link #sessions()} and how many were closed. */
  public final List<String> opened = new CopyOnWriteArrayList<>();

  public final List<String> closed = new CopyOnWriteArrayList<>();

  private final String self;

  public InMemoryPeers(String self) {
    this.self = self;
  }

  /** Opens this double as whatever agent the CLI resolved, recording the agent's name. */
  public AgentSessions sessions() {
    return settings -> {
      opened.add(settings.project() + "/" + settings.agent().name());
      return new AgentSessions.AgentSession() {
        @Override
        public PeerOperations peers() {
          return InMemoryPeers.this;
        }

        @Override
        public void close() {
          closed.add(settings.agent().name());
        }
      };
    };
  }

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    calls.add("list includeOffline=" + includeOffline);
    List<AgentInfo> agents = new ArrayList<>();
    for (String name : List.of(self, "bob", "carol")) {
      agents.add(
          new AgentInfo(
              "agt_" + name,
              name,
              name + "'s purpose",
              "alpha",
              T0,
              T0,
              T0,
              Presence.ONLINE,
              null,
              null));
    }
    return agents;
  }

  @Override
  public SendResult send(SendRequest request) {
    calls.add(request);
    if (!ONLINE.contains(request.target())) {
      throw new KxmException(
          ErrorCode.TARGET_NOT_FOUND, "no online peer named " + request.target());
    }
    return new SendResult("msg_" + calls.size(), MessageStatus.QUEUED, request.target());
  }

  @Override
  public PeerMessage get(String messageId) {
    calls.add("get " + messageId);
    return message(messageId, MessageStatus.REPLIED, "done");
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    calls.add(request);
    List<FanoutResponse> responses = new ArrayList<>();
    for (String target : request.targets()) {
      responses.add(
          ONLINE.contains(target)
              ? new FanoutResponse.Pending(target, "msg_" + target, MessageStatus.QUEUED, T0, null)
              : new FanoutResponse.Failed(
                  target, "target_not_found: no online peer named " + target));
    }
    return new FanoutResult(responses);
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    calls.add(request);
    return message(request.messageId(), MessageStatus.QUEUED, null);
  }

  @Override
  public PeerMessage cancel(String messageId) {
    calls.add("cancel " + messageId);
    return message(messageId, MessageStatus.CANCELLED, null);
  }

  @Override
  public List<PeerMessage> inbox() {
    calls.add("inbox");
    return List.of(message("msg_in", MessageStatus.QUEUED, null));
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    calls.add(request);
    return new ReplyResult(request.messageId(), MessageStatus.REPLIED, "bob");
  }

  private PeerMessage message(String id, MessageStatus status, String reply) {
    return new PeerMessage(
        id,
        "agt_bob",
        "bob",
        "agt_" + self,
        self,
        "please review",
        null,
        status,
        T0,
        T0.plusSeconds(3600),
        reply,
        null,
        null,
        null,
        null,
        null);
  }
}
