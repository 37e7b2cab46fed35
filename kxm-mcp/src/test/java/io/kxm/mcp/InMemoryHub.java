package io.kxm.mcp;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A test double of the peer port: one project's agents and requests in memory, with the hub's
 * refusal codes. {@link #as(String)} gives the port as one agent. Not a model of our server.
 */
public final class InMemoryHub {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private final Map<String, String> agents = new LinkedHashMap<>();
  private final Map<String, PeerMessage> messages = new LinkedHashMap<>();

  public InMemoryHub(String... names) {
    for (String name : names) {
      agents.put(name.toLowerCase(Locale.ROOT), name);
    }
  }

  public synchronized void register(String name) {
    agents.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
  }

  public synchronized PeerMessage message(String id) {
    return messages.get(id);
  }

  /** Every message's id and status, in creation order: the whole state a call could change. */
  public synchronized List<String> snapshot() {
    return messages.values().stream().map(m -> m.id() + "=" + m.status()).toList();
  }

  public PeerOperations as(String self) {
    register(self);
    return new Agent(self);
  }

  private final class Agent implements PeerOperations {
    private final String self;

    Agent(String self) {
      this.self = self;
    }

    @Override
    public List<AgentInfo> list(boolean includeOffline) {
      synchronized (InMemoryHub.this) {
        return agents.values().stream()
            .map(n ->
                new AgentInfo("agt_" + n, n, null, "p", T0, T0, T0, Presence.ONLINE, null, null))
            .toList();
      }
    }

    @Override
    public SendResult send(SendRequest request) {
      synchronized (InMemoryHub.this) {
        String target = agents.get(request.target().toLowerCase(Locale.ROOT));
        if (target == null) {
          throw new KxmException(
              ErrorCode.TARGET_NOT_FOUND, "no online peer named " + request.target());
        }
        if (target.equals(self)) {
          throw new KxmException(ErrorCode.SELF_TARGET, self + " cannot send to itself");
        }
        String id = "msg_" + (messages.size() + 1);
        messages.put(
            id,
            new PeerMessage(
                id,
                "agt_" + self,
                self,
                "agt_" + target,
                target,
                request.content(),
                request.delivery(),
                MessageStatus.QUEUED,
                T0,
                T0.plusSeconds(3600),
                null,
                null,
                null,
                null,
                request.correlationId(),
                request.workflowContext()));
        return new SendResult(id, MessageStatus.QUEUED, target);
      }
    }

    @Override
    public PeerMessage get(String messageId) {
      synchronized (InMemoryHub.this) {
        PeerMessage message = messages.get(messageId);
        if (message == null) {
          throw new KxmException(ErrorCode.MESSAGE_NOT_FOUND, "no message " + messageId);
        }
        return message;
      }
    }

    @Override
    public FanoutResult fanout(FanoutRequest request) {
      List<FanoutResponse> responses = new ArrayList<>();
      for (String target : request.targets()) {
        try {
          SendResult sent = send(SendRequest.of(target, request.content()));
          responses.add(
              new FanoutResponse.Pending(target, sent.messageId(), sent.status(), null, null));
        } catch (KxmException e) {
          responses.add(new FanoutResponse.Failed(target, e.code().code() + ": " + e.getMessage()));
        }
      }
      return new FanoutResult(responses);
    }

    @Override
    public PeerMessage await(AwaitRequest request) {
      long deadline = System.nanoTime() + request.timeout().toNanos();
      synchronized (InMemoryHub.this) {
        while (!get(request.messageId()).status().isTerminal() && System.nanoTime() < deadline) {
          try {
            InMemoryHub.this.wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
          }
        }
        return get(request.messageId());
      }
    }

    @Override
    public PeerMessage cancel(String messageId) {
      throw new KxmException(
          ErrorCode.INVALID_MESSAGE_STATE, messageId + " cannot be cancelled here");
    }

    @Override
    public List<PeerMessage> inbox() {
      synchronized (InMemoryHub.this) {
        return messages.values().stream()
            .filter(m -> m.toName().equals(self) && !m.status().isTerminal())
            .toList();
      }
    }

    @Override
    public ReplyResult reply(ReplyRequest request) {
      synchronized (InMemoryHub.this) {
        PeerMessage m = get(request.messageId());
        if (!m.toName().equals(self)) {
          throw new KxmException(
              ErrorCode.MESSAGE_FORBIDDEN, request.messageId() + " is not addressed to " + self);
        }
        messages.put(
            m.id(),
            new PeerMessage(
                m.id(),
                m.from(),
                m.fromName(),
                m.to(),
                m.toName(),
                m.content(),
                m.delivery(),
                MessageStatus.REPLIED,
                m.createdAt(),
                m.expiresAt(),
                request.content(),
                null,
                T0,
                null,
                m.correlationId(),
                m.workflowContext()));
        InMemoryHub.this.notifyAll();
        return new ReplyResult(m.id(), MessageStatus.REPLIED, m.fromName());
      }
    }
  }
}
