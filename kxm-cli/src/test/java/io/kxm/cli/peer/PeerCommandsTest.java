package io.kxm.cli.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.InMemoryPeers;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.peer.AwaitRequest;
import io.kxm.core.peer.FanoutRequest;
import io.kxm.core.peer.ReplyRequest;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.policy.SessionTokens;
import io.kxm.core.policy.ToolPolicy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated peer commands against an in-memory peer port: options in, tool results out. */
class PeerCommandsTest {
  @TempDir Path dir;
  final InMemoryPeers peers = new InMemoryPeers("alice");

  Map<String, String> env() {
    return TestEnv.agent(dir, "http://127.0.0.1:1", "alice");
  }

  CliRun.Result kxm(String... args) {
    return CliRun.run(env(), dir, peers.sessions(), args);
  }

  @Test
  void send_passes_every_option_to_the_tool_and_prints_a_line_for_people() {
    var result =
        kxm(
            "peer",
            "send",
            "--target",
            "bob",
            "--content",
            "review the diff",
            "--delivery",
            "steer",
            "--ttl-ms",
            "60000",
            "--allow-offline",
            "--correlation-id",
            "c1",
            "--idempotency-key",
            "k1");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).isEqualTo("sent msg_1 to bob (queued)" + System.lineSeparator());
    assertThat(peers.calls)
        .containsExactly(
            new SendRequest(
                "bob", "review the diff", Delivery.STEER, "c1", "k1", null, 60_000L, true));
    assertThat(peers.opened).containsExactly("alpha/alice");
    assertThat(peers.closed).containsExactly("alice");
  }

  @Test
  void json_prints_exactly_the_tool_s_result() {
    var result = kxm("peer", "send", "--target", "bob", "--content", "hi", "--json");

    assertThat(Json.read(result.out()))
        .isEqualTo(Json.read("{\"messageId\":\"msg_1\",\"status\":\"queued\",\"target\":\"bob\"}"));
  }

  @Test
  void an_array_option_repeats_or_takes_commas_and_an_object_option_takes_json() {
    var result =
        kxm(
            "peer",
            "fanout",
            "--targets",
            "bob,carol",
            "--targets",
            "nobody",
            "--content",
            "vote",
            "--timeout-ms",
            "500",
            "--workflow-context",
            "{\"runId\":\"run_1\",\"stageId\":\"review\",\"requirementKey\":\"approval\",\"attempt\":2}");

    assertThat(result.exit()).isZero();
    assertThat(peers.calls)
        .containsExactly(
            new FanoutRequest(
                List.of("bob", "carol", "nobody"),
                "vote",
                null,
                null,
                new WorkflowContext("run_1", "review", "approval", 2),
                null,
                500L));
    assertThat(result.out())
        .contains("bob: pending  msg_bob still queued")
        .contains("nobody: error  target_not_found: no online peer named nobody");
  }

  @Test
  void the_other_tools_read_their_options_too() {
    assertThat(kxm("peer", "list", "--include-offline").out()).contains("bob").contains("online");
    assertThat(kxm("peer", "get", "--message-id", "msg_9").out()).contains("reply:   done");
    assertThat(kxm("peer", "inbox").out()).contains("msg_in  from bob");
    assertThat(kxm("peer", "cancel", "--message-id", "msg_9").out()).contains("cancelled");
    assertThat(kxm("peer", "reply", "--message-id", "msg_in", "--content", "lgtm").out())
        .isEqualTo("replied to msg_in (for bob)" + System.lineSeparator());

    assertThat(peers.calls)
        .containsExactly(
            "list includeOffline=true",
            "get msg_9",
            "inbox",
            "cancel msg_9",
            new ReplyRequest("msg_in", "lgtm"));
  }

  @Test
  void await_that_ends_before_the_reply_fails_with_await_timed_out() {
    var result = kxm("peer", "await", "--message-id", "msg_1", "--timeout-ms", "100");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("error: await_timed_out: timed out waiting for msg_1 (still queued)")
        .contains("next: ");
    assertThat(peers.calls).containsExactly(new AwaitRequest("msg_1", 100L));
  }

  @Test
  void a_refusal_prints_its_code_and_next_step_and_exits_1() {
    var result = kxm("peer", "send", "--target", "nobody", "--content", "hi");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("error: target_not_found: no online peer named nobody")
        .contains("  next: Call kxm_list");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void a_value_the_tool_refuses_registers_no_agent() {
    var result = kxm("peer", "send", "--target", "bob", "--content", "x".repeat(32_001));

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("error: value_too_long: content is 32,001 characters, limit 32,000");
    assertThat(peers.opened).isEmpty();
  }

  @Test
  void usage_errors_exit_2_with_one_line() {
    var missing = kxm("peer", "send", "--target", "bob");
    var badEnum = kxm("peer", "send", "--target", "bob", "--content", "x", "--delivery", "now");
    var badJson =
        kxm("peer", "send", "--target", "b", "--content", "x", "--workflow-context", "[1]");
    var noVerb = kxm("peer");

    assertThat(List.of(missing.exit(), badEnum.exit(), badJson.exit(), noVerb.exit()))
        .containsOnly(2);
    assertThat(missing.err()).contains("--content");
    assertThat(badEnum.err()).contains("'now' is not one of followUp, steer, nextTurn");
    assertThat(badJson.err()).contains("expected a JSON object");
    assertThat(noVerb.err()).contains("list, send, get, fanout, await, cancel, inbox, reply");
    assertThat(peers.calls).isEmpty();
  }

  @Test
  void help_and_a_mistyped_tool_still_see_every_tool_command() {
    var help = kxm("peer", "--help");
    var typo = kxm("peer", "inbx");
    var oneTool = kxm("peer", "inbox", "--help");

    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("send", "fanout", "await", "inbox", "reply", "retire");
    assertThat(typo.exit()).isEqualTo(2);
    assertThat(typo.err()).contains("inbox");
    assertThat(oneTool.exit()).isZero();
    assertThat(oneTool.out()).contains("Usage: kxm peer inbox");
    assertThat(peers.calls).isEmpty();
  }

  @Test
  void the_tool_policy_applies_before_any_agent_registers() {
    StatePaths state = StatePaths.fromEnvironment(env());
    String token =
        SessionTokens.issue(
            ToolPolicy.readOnly(), Duration.ofHours(1), state.sessionKey(), Clock.systemUTC());
    Map<String, String> env = env();
    env.put("KXM_SESSION_TOKEN", token);

    var denied =
        CliRun.run(env, dir, peers.sessions(), "peer", "send", "--target", "bob", "--content", "x");
    var allowed = CliRun.run(env, dir, peers.sessions(), "peer", "inbox");

    assertThat(denied.exit()).isEqualTo(1);
    assertThat(denied.err())
        .startsWith("error: tool_policy_denied: kxm_send is blocked by the read-only preset");
    assertThat(allowed.exit()).isZero();
    assertThat(peers.opened).containsExactly("alpha/alice");
  }

  @Test
  void without_a_name_the_cli_acts_as_a_fresh_agent_of_this_process() {
    Map<String, String> env = env();
    env.remove("KXM_AGENT_NAME");

    CliRun.run(env, dir, peers.sessions(), "peer", "inbox");

    assertThat(peers.opened).containsExactly("alpha/cli-" + ProcessHandle.current().pid());
  }
}
