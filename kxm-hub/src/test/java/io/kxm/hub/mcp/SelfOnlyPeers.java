package io.kxm.hub.mcp;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.AgentInfo;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.peer.Presence;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.ReplyResult;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.SendResult;
import java.time.Instant;
import java.util.List;

/**
 * A test double of the peer port for one agent alone in its project: it lists itself and knows no
 * message. Enough to prove which agent a session is bound to; not a model of messaging.
 */
record SelfOnlyPeers(String project, String name) implements PeerOperations {
  static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    return List.of(
        new AgentInfo("agt_" + name, name, null, project, T0, T0, T0, Presence.ONLINE, null, null));
  }

  @Override
  public SendResult send(SendRequest request) {
    throw new KxmException(ErrorCode.TARGET_NOT_FOUND, "no online peer named " + request.target());
  }

  @Override
  public PeerMessage get(String messageId) {
    throw unknown(messageId);
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    throw new KxmException(ErrorCode.TARGET_NOT_FOUND, "no online peer in " + project);
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    throw unknown(request.messageId());
  }

  @Override
  public PeerMessage cancel(String messageId) {
    throw unknown(messageId);
  }

  @Override
  public List<PeerMessage> inbox() {
    return List.of();
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    throw unknown(request.messageId());
  }

  private static KxmException unknown(String messageId) {
    return new KxmException(ErrorCode.MESSAGE_NOT_FOUND, "no message " + messageId);
  }
}
