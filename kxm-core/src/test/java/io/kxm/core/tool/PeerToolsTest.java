package io.kxm.core.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.SendResult;
import io.kxm.core.peer.WorkflowContext;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PeerToolsTest {
  private final ToolCatalog catalog = ToolCatalog.standard();
  private final ScriptedPeers peers = new ScriptedPeers();
  private final ToolContext context = ToolContext.of(peers);

  @Test
  void send_turns_every_argument_into_the_request_and_returns_the_hub_answer() {
    peers.sendResult = new SendResult("msg_1", MessageStatus.QUEUED, "bob");
    JsonNode result =
        call(
            "kxm_send",
            """
            {"target":"bob","content":"review","delivery":"steer","ttlMs":5000,"allowOffline":true,
             "workflowContext":{"runId":"run_1","stageId":"review","requirementKey":"k","attempt":2}}
            """);
    assertThat(result.toString())
        .isEqualTo("{\"messageId\":\"msg_1\",\"status\":\"queued\",\"target\":\"bob\"}");
    assertThat(peers.requests)
        .containsExactly(
            new SendRequest(
                "bob",
                "review",
                Delivery.STEER,
                "run_1",
                null,
                new WorkflowContext("run_1", "review", "k", 2),
                5000L,
                true));
  }

  @Test
  void list_and_inbox_wrap_their_lists_in_a_named_field() {
    assertThat(call("kxm_list", "{}").toString()).isEqualTo("{\"agents\":[]}");
    assertThat(peers.requests).containsExactly(false);
    assertThat(call("kxm_inbox", null).toString()).isEqualTo("{\"messages\":[]}");
  }

  @Test
  void fanout_passes_merged_targets_and_the_wait() {
    peers.fanoutResult = new io.kxm.core.peer.FanoutResult(List.of());
    call("kxm_fanout", "{\"targets\":[\"bob\",\"BOB\"],\"content\":\"hi\",\"timeoutMs\":500}");
    FanoutRequest request = (FanoutRequest) peers.requests.getFirst();
    assertThat(request.targets()).containsExactly("bob");
    assertThat(request.timeoutMs()).isEqualTo(500L);
  }

  @Test
  void await_returns_a_final_message() {
    peers.message = message(MessageStatus.REPLIED);
    JsonNode result = call("kxm_await", "{\"messageId\":\"msg_1\",\"timeoutMs\":90000}");
    assertThat(result.path("status").asString()).isEqualTo("replied");
    assertThat(((AwaitRequest) peers.requests.getFirst()).timeoutMs()).isEqualTo(60_000L);
  }

  @Test
  void await_that_ends_before_the_request_does_fails_with_await_timed_out() {
    peers.message = message(MessageStatus.DELIVERED);
    assertThatThrownBy(() -> call("kxm_await", "{\"messageId\":\"msg_1\"}"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.AWAIT_TIMED_OUT))
        .hasMessageContaining("timed out waiting for msg_1");
  }

  @Test
  void a_parameter_the_schema_does_not_name_is_refused() {
    assertThatThrownBy(() -> call("kxm_get", "{\"messageId\":\"m\",\"wait\":true}"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_FIELD))
        .hasMessageContaining("wait is not a parameter of kxm_get; it takes messageId");
  }

  @Test
  void a_value_of_the_wrong_type_is_refused_naming_the_parameter() {
    assertThatThrownBy(() -> call("kxm_send", "{\"target\":7,\"content\":\"hi\"}"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_TYPE))
        .hasMessageContaining("target must be a string, got a whole number");
    assertThatThrownBy(() ->
            call(
                "kxm_send",
                "{\"target\":\"b\",\"content\":\"hi\",\"workflowContext\":{\"runId\":1}}"))
        .hasMessageContaining("workflowContext.runId must be a string");
  }

  private JsonNode call(String tool, String json) {
    return catalog.find(tool).orElseThrow().call(json == null ? null : Json.read(json), context);
  }

  private static PeerMessage message(MessageStatus status) {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    return new PeerMessage(
        "msg_1",
        "a",
        "alice",
        "b",
        "bob",
        "hi",
        Delivery.FOLLOW_UP,
        status,
        t,
        t,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
