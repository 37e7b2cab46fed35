package io.kxm.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.Delivery;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which reads acknowledge a request, and which leave it as it is. */
class AcknowledgingPeersTest {
  static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");

  final Map<String, PeerMessage> messages = new LinkedHashMap<>();
  final List<String> acknowledged = new ArrayList<>();

  static PeerMessage message(String id, String to, MessageStatus status) {
    return new PeerMessage(
        id,
        "agt_from",
        "bob",
        to,
        "me",
        "q",
        Delivery.FOLLOW_UP,
        status,
        AT,
        AT.plusSeconds(60),
        null,
        null,
        null,
        null,
        null,
        null);
  }

  PeerMessage ack(String id) {
    acknowledged.add(id);
    PeerMessage m = messages.get(id);
    if (m.status() != MessageStatus.QUEUED) {
      throw new KxmException(ErrorCode.INVALID_MESSAGE_STATE, id + " is " + m.status());
    }
    PeerMessage after = message(id, m.to(), MessageStatus.DELIVERED);
    messages.put(id, after);
    return after;
  }

  AcknowledgingPeers peers() {
    return new AcknowledgingPeers(new Stored(), "agt_me", this::ack);
  }

  @Test
  void kxm_get_acknowledges_a_queued_request_to_this_agent_only() {
    messages.put("in", message("in", "agt_me", MessageStatus.QUEUED));
    messages.put("out", message("out", "agt_other", MessageStatus.QUEUED));
    messages.put("seen", message("seen", "agt_me", MessageStatus.DELIVERED));

    assertThat(peers().get("in").status()).isEqualTo(MessageStatus.DELIVERED);
    assertThat(peers().get("out").status()).isEqualTo(MessageStatus.QUEUED);
    assertThat(peers().get("seen").status()).isEqualTo(MessageStatus.DELIVERED);
    assertThat(acknowledged).containsExactly("in");
  }

  @Test
  void kxm_inbox_acknowledges_what_it_returns_and_keeps_a_request_that_ended_meanwhile() {
    messages.put("a", message("a", "agt_me", MessageStatus.QUEUED));
    messages.put("b", message("b", "agt_me", MessageStatus.QUEUED));
    AcknowledgingPeers peers =
        new AcknowledgingPeers(
            new Stored(),
            "agt_me",
            id -> {
              if (id.equals("b")) {
                throw new KxmException(ErrorCode.INVALID_MESSAGE_STATE, "b was cancelled");
              }
              return ack(id);
            });

    List<PeerMessage> inbox = peers.inbox();

    assertThat(inbox).extracting(PeerMessage::id).containsExactly("a", "b");
    assertThat(inbox.get(0).status()).isEqualTo(MessageStatus.DELIVERED);
    assertThat(inbox.get(1).status()).isEqualTo(MessageStatus.QUEUED);
  }

  /** The hub's port as the stored messages say, nothing more. */
  final class Stored implements PeerOperations {
    @Override
    public List<AgentInfo> list(boolean includeOffline) {
      return List.of();
    }

    @Override
    public SendResult send(SendRequest request) {
      throw new AssertionError("not used");
    }

    @Override
    public PeerMessage get(String messageId) {
      return messages.get(messageId);
    }

    @Override
    public FanoutResult fanout(FanoutRequest request) {
      throw new AssertionError("not used");
    }

    @Override
    public PeerMessage await(AwaitRequest request) {
      throw new AssertionError("not used");
    }

    @Override
    public PeerMessage cancel(String messageId) {
      throw new AssertionError("not used");
    }

    @Override
    public List<PeerMessage> inbox() {
      return List.copyOf(messages.values());
    }

    @Override
    public ReplyResult reply(ReplyRequest request) {
      throw new AssertionError("not used");
    }
  }
}
