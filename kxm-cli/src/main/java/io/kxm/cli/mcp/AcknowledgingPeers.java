package io.kxm.cli.mcp;

import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.MessageStatus;
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
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peer port of {@code kxm mcp}, acknowledging a request ({@code queued → delivered}) when the
 * session reads it, never when a push was written: {@code kxm_inbox} acknowledges the queued
 * requests it returns, and {@code kxm_get} one queued request addressed to this agent. {@code
 * kxm_reply} ends a request whether it was acknowledged or not. A request the session never read
 * stays queued, and the hub pushes it again when the agent next registers. The {@code kxm://inbox}
 * resource does not read through this port: clients re-read it by themselves after a push.
 */
final class AcknowledgingPeers implements PeerOperations {
  private static final Logger log = LoggerFactory.getLogger(AcknowledgingPeers.class);

  private final PeerOperations delegate;
  private final String self;
  private final Function<String, PeerMessage> acknowledge;

  /**
   * @param self this agent's ID
   * @param acknowledge marks a request received on the hub and returns it as it stands after
   */
  AcknowledgingPeers(
      PeerOperations delegate, String self, Function<String, PeerMessage> acknowledge) {
    this.delegate = delegate;
    this.self = self;
    this.acknowledge = acknowledge;
  }

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    return delegate.list(includeOffline);
  }

  @Override
  public SendResult send(SendRequest request) {
    return delegate.send(request);
  }

  @Override
  public PeerMessage get(String messageId) {
    return read(delegate.get(messageId));
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    return delegate.fanout(request);
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    return delegate.await(request);
  }

  @Override
  public PeerMessage cancel(String messageId) {
    return delegate.cancel(messageId);
  }

  @Override
  public List<PeerMessage> inbox() {
    return delegate.inbox().stream().map(this::read).toList();
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    return delegate.reply(request);
  }

  /** The message as the session now knows it: acknowledged when it was queued for this agent. */
  private PeerMessage read(PeerMessage message) {
    if (message.status() != MessageStatus.QUEUED || !self.equals(message.to())) {
      return message;
    }
    try {
      return acknowledge.apply(message.id());
    } catch (KxmException e) {
      // Answered, cancelled or expired meanwhile: the session still gets what it read.
      log.debug("acknowledging {} failed: {}", message.id(), e.getMessage());
      return message;
    }
  }
}
