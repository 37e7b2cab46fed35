package io.kxm.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.FanoutResponse;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.SendResult;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the HTTP peer port puts on the wire and how it reads the answers. */
class HttpPeerOperationsTest {
  static final String MESSAGE =
      "{\"id\":\"m1\",\"from\":\"agt_a\",\"fromName\":\"alice\",\"to\":\"agt_b\",\"toName\":\"bob\","
          + "\"content\":\"q\",\"delivery\":\"followUp\",\"status\":\"%s\","
          + "\"createdAt\":\"2026-03-01T10:00:00Z\",\"expiresAt\":\"2026-03-02T10:00:00Z\"%s}";

  final WireServer wire = new WireServer();
  final AgentCredentials alice =
      new AgentCredentials("agt_a", "kxm_agent_secret", "alice", "p", Duration.ofMinutes(1), null);
  final HttpPeerOperations peers =
      new HttpPeerOperations(new HubHttp(wire.base(), "kxm_project_tok"), alice, Clock.systemUTC());

  HttpPeerOperationsTest() throws IOException {}

  @AfterEach
  void stop() {
    wire.close();
  }

  @Test
  void send_posts_only_the_arguments_given_with_the_token_and_the_agent_key() {
    wire.json(
        "POST",
        "/v1/agents/agt_a/messages",
        201,
        "{\"messageId\":\"m1\",\"status\":\"queued\",\"target\":\"bob\"}");

    SendResult result = peers.send(SendRequest.of("bob", "please review"));

    assertThat(result).isEqualTo(new SendResult("m1", MessageStatus.QUEUED, "bob"));
    WireServer.Seen request = wire.seen.getFirst();
    assertThat(Json.read(request.body()))
        .isEqualTo(
            Json.read(
                "{\"target\":\"bob\",\"content\":\"please review\",\"delivery\":\"followUp\"}"));
    assertThat(request.header("authorization")).isEqualTo("Bearer kxm_project_tok");
    assertThat(request.header("x-kxm-agent-key")).isEqualTo("kxm_agent_secret");
    assertThat(request.header("content-type")).isEqualTo("application/json");
  }

  @Test
  void a_refusal_arrives_with_the_hub_s_own_code() {
    wire.json(
        "GET",
        "/v1/agents/agt_a/messages/m9",
        404,
        "{\"error\":{\"code\":\"message_not_found\",\"message\":\"no message m9\",\"hint\":\"h\"}}");

    assertThatThrownBy(() -> peers.get("m9"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.MESSAGE_NOT_FOUND));
  }

  @Test
  void await_is_one_long_poll_capped_at_sixty_seconds() {
    wire.json(
        "GET",
        "/v1/agents/agt_a/messages/m1/await",
        200,
        MESSAGE.formatted("replied", ",\"reply\":\"done\""));

    var message = peers.await(new AwaitRequest("m1", 120_000L));

    assertThat(message.reply()).isEqualTo("done");
    assertThat(wire.seen).hasSize(1);
    assertThat(wire.seen.getFirst().pathAndQuery())
        .isEqualTo("/v1/agents/agt_a/messages/m1/await?timeoutMs=60000");
  }

  @Test
  void fanout_sends_without_the_local_timeout_then_awaits_each_request() {
    wire.json(
            "POST",
            "/v1/agents/agt_a/fanout",
            200,
            "{\"responses\":[{\"target\":\"bob\",\"messageId\":\"m1\",\"status\":\"queued\"}]}")
        .json(
            "GET",
            "/v1/agents/agt_a/messages/m1/await",
            200,
            MESSAGE.formatted("replied", ",\"reply\":\"ok\""));

    var result =
        peers.fanout(new FanoutRequest(List.of("bob", "BOB"), "q", null, null, null, null, 5_000L));

    assertThat(result.responses())
        .containsExactly(
            new FanoutResponse.Finished("bob", "m1", MessageStatus.REPLIED, "ok", null));
    assertThat(Json.read(wire.seen.getFirst().body()))
        .isEqualTo(Json.read("{\"targets\":[\"bob\"],\"content\":\"q\"}"));
  }

  @Test
  void lists_and_inbox_read_their_records() {
    wire.json(
            "GET",
            "/v1/agents/agt_a/peers",
            200,
            "{\"agents\":[{\"id\":\"agt_b\",\"name\":\"bob\",\"project\":\"p\",\"presence\":\"online\"}]}")
        .json(
            "GET",
            "/v1/agents/agt_a/inbox",
            200,
            "{\"messages\":[" + MESSAGE.formatted("queued", "") + "]}");

    assertThat(peers.list(true).getFirst().name()).isEqualTo("bob");
    assertThat(wire.seen.getFirst().pathAndQuery()).endsWith("/peers?includeOffline=true");
    assertThat(peers.inbox().getFirst().id()).isEqualTo("m1");
  }

  @Test
  void a_port_nobody_listens_on_is_hub_unreachable_naming_the_url() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    HubHttp nowhere = new HubHttp(URI.create("http://127.0.0.1:" + port), "t");

    assertThatThrownBy(() -> HubAgents.whoAmI(nowhere))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.HUB_UNREACHABLE);
              assertThat(e.getMessage())
                  .startsWith("KXM hub unreachable at http://127.0.0.1:" + port + " (");
            });
  }
}
