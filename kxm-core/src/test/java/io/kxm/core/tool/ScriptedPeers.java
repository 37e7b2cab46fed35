package io.kxm.core.tool;

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
import java.util.ArrayList;
import java.util.List;

/** A test double of the peer port: records each request and answers from fields set by a test. */
final class ScriptedPeers implements PeerOperations {
  final List<Object> requests = new ArrayList<>();
  List<AgentInfo> agents = List.of();
  SendResult sendResult;
  PeerMessage message;
  FanoutResult fanoutResult;
  List<PeerMessage> inbox = List.of();
  ReplyResult replyResult;

  @Override
  public List<AgentInfo> list(boolean includeOffline) {
    requests.add(includeOffline);
    return agents;
  }

  @Override
  public SendResult send(SendRequest request) {
    requests.add(request);
    return sendResult;
  }

  @Override
  public PeerMessage get(String messageId) {
    requests.add(messageId);
    return message;
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    requests.add(request);
    return fanoutResult;
  }

  @Override
  public PeerMessage await(AwaitRequest request) {
    requests.add(request);
    return message;
  }

  @Override
  public PeerMessage cancel(String messageId) {
    requests.add(messageId);
    return message;
  }

  @Override
  public List<PeerMessage> inbox() {
    return inbox;
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    requests.add(request);
    return replyResult;
  }
}
