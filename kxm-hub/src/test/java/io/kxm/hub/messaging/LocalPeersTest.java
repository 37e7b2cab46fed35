package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.FanoutResponse;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.Presence;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.WaitStatus;
import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.MessagingHub;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-process peer port (for the MCP endpoint) against the same hub as HTTP agents. */
class LocalPeersTest {
  @TempDir Path dir;
  MessagingHub hub;
  LocalPeers alice;
  AgentClient bob;

  @BeforeEach
  void start() {
    hub = MessagingHub.start(dir);
    alice = hub.messaging.connect("alpha", AgentProfile.named("alice", "in-process session"));
    bob = hub.agent("bob");
  }

  @AfterEach
  void stop() {
    alice.close();
    hub.close();
  }

  @Test
  void an_in_process_agent_sends_lists_and_reads_like_an_http_agent() {
    assertThat(alice.list(false)).extracting(a -> a.name()).containsExactly("alice", "bob");
    var sent = alice.send(SendRequest.of("BOB", "q"));
    assertThat(sent.target()).isEqualTo("bob");
    assertThat(bob.inbox().json().path("messages").get(0).path("fromName").asString())
        .isEqualTo("alice");

    bob.reply(sent.messageId(), "a");

    PeerMessage message = alice.await(new AwaitRequest(sent.messageId(), 10_000L));
    assertThat(message.status()).isEqualTo(MessageStatus.REPLIED);
    assertThat(alice.get(sent.messageId()).reply()).isEqualTo("a");
  }

  @Test
  void refusals_arrive_as_exceptions_with_the_hubs_codes() {
    assertThatThrownBy(() -> alice.send(SendRequest.of("alice", "q")))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.SELF_TARGET));
    assertThatThrownBy(() -> alice.get("msg_missing"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.MESSAGE_NOT_FOUND));
  }

  @Test
  void inbox_reply_and_ack_work_for_requests_to_the_in_process_agent() {
    String id = bob.sendOk("alice", "please");
    assertThat(alice.inbox()).extracting(PeerMessage::id).containsExactly(id);
    assertThat(alice.ack(id).status()).isEqualTo(MessageStatus.DELIVERED);

    var replied = alice.reply(new ReplyRequest(id, "done"));

    assertThat(replied.recipient()).isEqualTo("bob");
    assertThat(alice.inbox()).isEmpty();
    assertThatThrownBy(() -> alice.cancel(id))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.MESSAGE_FORBIDDEN));
  }

  @Test
  void fanout_waits_for_replies_and_reports_the_rest_as_pending_or_error() {
    AgentClient carol = hub.agent("carol");
    CompletableFuture<FanoutResult> waiting =
        CompletableFuture.supplyAsync(() ->
            alice.fanout(
                new FanoutRequest(
                    List.of("bob", "carol", "nobody"), "q", null, null, null, null, 1_500L)));
    await().until(() -> bob.inbox().json().path("messages").size() == 1);
    bob.reply(bob.inbox().json().path("messages").get(0).path("id").asString(), "from bob");

    List<FanoutResponse> responses = waiting.join().responses();

    assertThat(responses.get(0))
        .isInstanceOfSatisfying(
            FanoutResponse.Finished.class,
            f -> {
              assertThat(f.status()).isEqualTo(MessageStatus.REPLIED);
              assertThat(f.reply()).isEqualTo("from bob");
            });
    assertThat(responses.get(1))
        .isInstanceOfSatisfying(
            FanoutResponse.Pending.class,
            p -> {
              assertThat(p.messageStatus()).isEqualTo(MessageStatus.QUEUED);
              assertThat(p.waitStatus()).isEqualTo(WaitStatus.TIMED_OUT);
            });
    assertThat(responses.get(2))
        .isInstanceOfSatisfying(
            FanoutResponse.Failed.class, f -> assertThat(f.error()).startsWith("target_not_found"));
    assertThat(carol.inbox().json().path("messages")).hasSize(1);
  }

  @Test
  void the_arrival_hook_hears_each_new_request_once_including_a_reconnect_re_push() {
    List<PeerMessage> heard = new CopyOnWriteArrayList<>();
    try (ArrivalSubscription ignored = hub.messaging.onRequest(alice.agentId(), heard::add)) {
      String first = bob.sendOk("alice", "one");
      String second = bob.sendOk("alice", "two");
      await().until(() -> heard.size() == 2);
      alice.reply(new ReplyRequest(first, "ok"));

      hub.messaging.register("alpha", AgentProfile.named("alice", null));

      await().until(() -> heard.size() == 3);
      assertThat(heard).extracting(PeerMessage::id).containsExactly(first, second, second);
      assertThat(heard.get(0).fromName()).isEqualTo("bob");
    }
  }

  @Test
  void a_ports_own_arrival_listener_ends_when_the_port_closes() {
    List<PeerMessage> heard = new CopyOnWriteArrayList<>();
    List<PeerMessage> control = new CopyOnWriteArrayList<>();
    LocalPeers carol = hub.messaging.connect("alpha", AgentProfile.named("carol", null));
    carol.onRequest(heard::add);
    bob.sendOk("carol", "one");
    await().until(() -> heard.size() == 1);

    carol.close();
    try (ArrivalSubscription ignored = hub.messaging.onRequest(carol.agentId(), control::add)) {
      bob.sendOk("carol", "two");
      await().until(() -> control.size() == 1);
    }

    assertThat(heard).extracting(PeerMessage::content).containsExactly("one");
  }

  @Test
  void an_open_port_keeps_its_agent_online_only_while_an_activity_is_under_way() {
    LocalPeers carol = hub.messaging.connect("alpha", AgentProfile.named("carol", null));
    hub.clock.tick(Duration.ofSeconds(200));
    assertThat(presence("carol")).isEqualTo(Presence.OFFLINE);

    try (var activity = carol.begin()) {
      assertThat(presence("carol")).isEqualTo(Presence.ONLINE);
    }
    carol.close();
    hub.clock.tick(Duration.ofSeconds(200));
    assertThat(presence("carol")).isEqualTo(Presence.OFFLINE);
  }

  private Presence presence(String name) {
    return alice.list(true).stream()
        .filter(a -> a.name().equals(name))
        .findFirst()
        .orElseThrow()
        .presence();
  }
}
