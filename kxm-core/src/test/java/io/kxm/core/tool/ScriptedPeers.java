package io.kxm.core.tool;

import io.kxm.core.peer.AgentInfo;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.Message;
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
  Message message;
  FanoutResult fanoutResult;
  List<Message> inbox = List.of();
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
  public Message get(String messageId) {
    requests.add(messageId);
    return message;
  }

  @Override
  public FanoutResult fanout(FanoutRequest request) {
    requests.add(request);
    return fanoutResult;
  }

  @Override
  public Message await(AwaitRequest request) {
    requests.add(request);
    return message;
  }

  @Override
  public Message cancel(String messageId) {
    requests.add(messageId);
    return message;
  }

  @Override
  public List<Message> inbox() {
    return inbox;
  }

  @Override
  public ReplyResult reply(ReplyRequest request) {
    requests.add(request);
    return replyResult;
  }
}
