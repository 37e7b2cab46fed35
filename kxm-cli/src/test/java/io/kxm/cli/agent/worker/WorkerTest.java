package io.kxm.cli.agent.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.session.SessionSupervisor;
import io.kxm.cli.support.CliRun;
import io.kxm.core.json.Json;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.PeerMessage;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm agent worker} as a real child process between a real hub and a real runtime
 * supervisor: a third agent's request becomes a harness turn and its final message the reply.
 */
class WorkerTest {
  @TempDir java.nio.file.Path dir;
  WorkerFixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void a_worker_on_a_command_harness_answers_a_third_agents_request_with_the_turns_output()
      throws Exception {
    fx = WorkerFixture.start(dir);
    Files.createDirectories(fx.workspace().resolve(".kxm/memory"));
    Files.writeString(
        fx.workspace().resolve(".kxm/memory/units.md"),
        "---\nname: units\ndescription: Units\n---\nAnswer in metric units.\n");
    fx.startWorker(
        "echoer", List.of("--harness", "command", "--", "python3", SessionSupervisor.echoAgent()));

    String id = fx.ask("echoer", "what is two plus two");
    PeerMessage replied = fx.awaitReply(id);

    assertThat(replied.reply()).startsWith("echo: ").contains("what is two plus two");
    assertThat(replied.reply()).contains("Request " + id + " from agent asker");
    // the project's memory brief opens the prompt
    assertThat(replied.reply()).contains("# Project memory").contains("Answer in metric units.");
    await()
        .atMost(WorkerFixture.WAIT)
        .until(() -> fx.registry().read("echoer").orElseThrow().answered() == 1);
  }

  @Test
  void a_request_delivered_but_unanswered_before_a_restart_is_answered_after_it() throws Exception {
    fx = WorkerFixture.start(dir);
    List<String> args = new java.util.ArrayList<>(List.of("--harness", "command", "--"));
    args.addAll(fx.agent("wait"));
    Process first = fx.startWorker("waiter", args);
    String id = fx.ask("waiter", "finish the report");
    fx.awaitFile("started");
    assertThat(fx.message(id).status()).isEqualTo(MessageStatus.DELIVERED);

    first.descendants().forEach(ProcessHandle::destroyForcibly);
    first.destroyForcibly().waitFor();
    assertThat(fx.message(id).status()).isEqualTo(MessageStatus.DELIVERED);
    fx.startWorker("waiter", args);
    Files.writeString(fx.scratch.resolve("go"), "go");

    PeerMessage replied = fx.awaitReply(id);
    assertThat(replied.reply()).isEqualTo("done: finish the report");
    assertThat(fx.turns()).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void a_failing_harness_leaves_the_request_open_after_a_bounded_number_of_attempts()
      throws Exception {
    fx = WorkerFixture.start(dir).env(WorkerCommand.MAX_ATTEMPTS, "3");
    List<String> args = new java.util.ArrayList<>(List.of("--harness", "command", "--"));
    args.addAll(fx.agent("fail"));
    fx.startWorker("failer", args);

    String id = fx.ask("failer", "do the impossible");

    await()
        .atMost(WorkerFixture.WAIT)
        .until(() -> {
          WorkerRecord.Failure failure =
              fx.registry().read("failer").orElseThrow().failures().get(id);
          return failure != null && failure.gaveUp();
        });
    WorkerRecord.Failure failure = fx.registry().read("failer").orElseThrow().failures().get(id);
    assertThat(failure.attempts()).isEqualTo(3);
    assertThat(failure.error()).isEqualTo("harness_reported_error");
    assertThat(fx.turns()).hasSize(3);
    assertThat(fx.message(id).status()).isEqualTo(MessageStatus.DELIVERED);
    JsonNode listed = Json.read(fx.kxm("agent", "worker", "--list", "--json").out());
    assertThat(listed.at("/workers/0/failures/" + id + "/error").asString())
        .isEqualTo("harness_reported_error");
  }

  @Test
  void a_worker_with_concurrency_two_runs_two_turns_at_once_in_two_sessions() throws Exception {
    fx = WorkerFixture.start(dir);
    List<String> args =
        new java.util.ArrayList<>(List.of("--concurrency", "2", "--harness", "command", "--"));
    args.addAll(fx.agent("meet"));
    fx.startWorker("pair", args);

    // each turn finishes only once the other one has started too
    String first = fx.ask("pair", "first half");
    String second = fx.ask("pair", "second half");

    assertThat(fx.awaitReply(first).reply()).isEqualTo("met: first half");
    assertThat(fx.awaitReply(second).reply()).isEqualTo("met: second half");
    assertThat(fx.registry().read("pair").orElseThrow().sessions())
        .hasSize(2)
        .doesNotHaveDuplicates();
  }

  @Test
  void a_steer_cancels_the_turn_in_flight_and_its_answer_goes_to_both_requests() throws Exception {
    fx = WorkerFixture.start(dir);
    List<String> args = new java.util.ArrayList<>(List.of("--harness", "command", "--"));
    args.addAll(fx.agent("wait"));
    fx.startWorker("steered", args);
    String first = fx.ask("steered", "write the long version");
    fx.awaitFile("started");

    String steer = fx.ask("steered", "make it short", Delivery.STEER);

    assertThat(fx.awaitReply(steer).reply()).isEqualTo("steered: make it short");
    assertThat(fx.awaitReply(first).reply()).isEqualTo("steered: make it short");
    List<String> turns = fx.turns();
    assertThat(turns).hasSize(2);
    assertThat(Json.read(turns.get(1)).asString())
        .contains("write the long version")
        .contains("make it short");
  }

  @Test
  void a_request_its_sender_cancels_has_its_turn_cancelled_and_gets_no_retry() throws Exception {
    fx = WorkerFixture.start(dir);
    List<String> args = new java.util.ArrayList<>(List.of("--harness", "command", "--"));
    args.addAll(fx.agent("wait"));
    fx.startWorker("withdrawn", args);
    String id = fx.ask("withdrawn", "a long task");
    fx.awaitFile("started");
    String runId = Files.readString(fx.scratch.resolve("started"));

    fx.asker().peers().cancel(id);

    await()
        .atMost(WorkerFixture.WAIT)
        .until(
            () -> fx.supervisor.kxm("runs", "status", runId, "--json").out().contains("cancelled"));
    WorkerRecord entry = fx.registry().read("withdrawn").orElseThrow();
    assertThat(entry.inFlight()).isEmpty();
    assertThat(entry.failures()).isEmpty();
    assertThat(fx.turns()).hasSize(1);
  }

  @Test
  void a_turn_waiting_for_an_approval_is_listed_with_the_command_that_answers_it()
      throws Exception {
    fx = WorkerFixture.start(dir);
    fx.startWorker(
        "asking", List.of("--harness", "command", "--", "python3", SessionSupervisor.echoAgent()));
    String id = fx.ask("asking", "approve it, please");

    await()
        .atMost(WorkerFixture.WAIT)
        .until(() -> !fx.registry().read("asking").orElseThrow().waiting().isEmpty());
    WorkerRecord.Waiting waiting = fx.registry().read("asking").orElseThrow().waiting().get(id);
    assertThat(waiting.kind()).isEqualTo("approval");
    assertThat(waiting.runId()).startsWith("srun_");
    String listed = fx.kxm("agent", "worker", "--list").out();
    assertThat(listed)
        .contains(id + " waits since ")
        .contains("kxm runs approve|deny " + waiting.runId() + " " + waiting.interactionId());
    JsonNode json = Json.read(fx.kxm("agent", "worker", "--list", "--json").out());
    assertThat(
            json.path("workers").path(0).path("waiting").path(id).path("interactionId").asString())
        .isEqualTo(waiting.interactionId());

    SessionSupervisor.Done approved =
        fx.supervisor.kxm("runs", "approve", waiting.runId(), waiting.interactionId());
    assertThat(approved.exit()).as(approved.err()).isZero();
    assertThat(fx.awaitReply(id).reply()).contains("approved");
    await()
        .atMost(WorkerFixture.WAIT)
        .until(() -> fx.registry().read("asking").orElseThrow().waiting().isEmpty());
  }

  @Test
  void list_shows_running_workers_and_stop_ends_one_whose_name_then_is_unknown() throws Exception {
    fx = WorkerFixture.start(dir);
    Process worker =
        fx.startWorker(
            "listed",
            List.of(
                "--harness",
                "command",
                "--purpose",
                "echoes",
                "--",
                "python3",
                SessionSupervisor.echoAgent()));

    CliRun.Result json = fx.kxm("agent", "worker", "--list", "--json");
    assertThat(json.exit()).as(json.err()).isZero();
    JsonNode entry = Json.read(json.out()).path("workers").path(0);
    assertThat(entry.path("name").asString()).isEqualTo("listed");
    assertThat(entry.path("pid").asLong()).isEqualTo(worker.pid());
    assertThat(entry.path("running").asBoolean()).isTrue();
    assertThat(entry.path("harness").asString()).isEqualTo("command");
    assertThat(fx.kxm("agent", "worker", "--list").out()).contains("listed").contains("running");

    CliRun.Result again =
        fx.kxm("agent", "worker", "--name", "listed", "--harness", "command", "--", "true");
    assertThat(again.exit()).isEqualTo(1);
    assertThat(again.err()).contains("worker_already_running");

    CliRun.Result stopped = fx.kxm("agent", "worker", "stop", "listed");
    assertThat(stopped.exit()).as(stopped.err()).isZero();
    assertThat(worker.isAlive()).isFalse();
    assertThat(fx.registry().read("listed")).isEmpty();
    assertThat(fx.kxm("agent", "worker", "--list").out()).contains("no workers");

    CliRun.Result unknown = fx.kxm("agent", "worker", "stop", "listed");
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.err()).contains("worker_not_found");
  }

  @Test
  void a_worker_on_a_route_routes_yaml_does_not_admit_records_the_refusal_and_never_falls_back()
      throws Exception {
    fx = WorkerFixture.start(dir).env(WorkerCommand.MAX_ATTEMPTS, "1");
    Files.createDirectories(fx.workspace().resolve(".kxm"));
    Files.writeString(
        fx.workspace().resolve(".kxm/routes.yaml"),
        "routes:\n  - harness: pi\n    model: ollama/qwen3\ndefault:\n  harness: pi\n"
            + "  model: ollama/qwen3\n");
    fx.startWorker("refused", List.of("--harness", "codex", "--model", "openai/gpt-5"));

    String id = fx.ask("refused", "hello");

    await()
        .atMost(WorkerFixture.WAIT)
        .until(() -> fx.registry().read("refused").orElseThrow().failures().containsKey(id));
    assertThat(fx.registry().read("refused").orElseThrow().failures().get(id).error())
        .isEqualTo("route_not_admitted");
    assertThat(fx.message(id).status()).isEqualTo(MessageStatus.DELIVERED);
  }
}
