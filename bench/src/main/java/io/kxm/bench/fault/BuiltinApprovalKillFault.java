package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.product.SessionCalls;
import io.kxm.bench.product.SupervisorProcess;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault 8: the runtime supervisor is killed with SIGKILL while a built-in agent session waits for
 * the approval of a file write, then started again on the same state. The turn must be reconciled
 * as interrupted by the restart, and the approval, given to the new supervisor, must carry the
 * write out once in the session's worktree (never in the workspace), tell the model its result
 * once, and finish the turn; both runs' hash chains must verify.
 */
final class BuiltinApprovalKillFault implements Fault {
  private static final String CONTENT = "step one\n";
  private static final JsonMapper JSON = JsonMapper.shared();

  @Override
  public int number() {
    return 8;
  }

  @Override
  public String title() {
    return "kill -9 of the runtime supervisor while a built-in agent waits for a write approval";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    FakeProvider model = stage.keep(FakeProvider.start());
    model.enqueue(
        Turn.text("I will write the plan.")
            .andToolCall("write_file", "{\"path\":\"plan.md\",\"content\":\"step one\\n\"}"));
    model.when(Rule.whenToolResultFor("write_file", Turn.text("The plan is written.")));
    Map<String, String> env =
        Map.of(
            "ANTHROPIC_BASE_URL",
            model.baseUrl().toString(),
            "ANTHROPIC_API_KEY",
            "sk-ant-fault-run-key");
    Path workspace =
        GitRepository.withOneCommit(stage.newDir("workspace-"), "README.md", "a project\n");
    SupervisorProcess first =
        stage.keep(SupervisorProcess.start(stage.newDir("supervisor-"), "supervisor", env));
    try {
      SessionCalls.requireSessions(first);
    } catch (Measure.Skip noSessions) {
      throw new NotRunnable(noSessions.getMessage());
    }
    String session = builtinSession(first, workspace);
    String runId = SessionCalls.submit(first, session, "Write the plan");
    String interactionId = SessionCalls.awaitApprovalAsked(first, runId);
    String statusAtKill = SessionCalls.run(first, runId).path("status").asString();
    first.kill();
    Log.info("killed the supervisor with the turn " + statusAtKill + ", the write not approved");

    SupervisorProcess second = stage.keep(first.restart("supervisor-restarted"));
    JsonNode interrupted = SessionCalls.run(second, runId);
    JsonNode resolved =
        second.post(
            "/v1/runs/" + runId + "/interactions/" + interactionId + "/resolve",
            "{\"approved\":true,\"answer\":\"go ahead\",\"by\":\"fault-run\"}");
    String continuation = resolved.path("continuation").path("id").asString();
    JsonNode done =
        continuation.isEmpty()
            ? JSON.createObjectNode()
            : SessionCalls.awaitEnded(second, continuation, Duration.ofSeconds(60));
    Path worktree = first.dir().resolve("state/runtime/worktrees").resolve(session);
    String written =
        Files.isRegularFile(worktree.resolve("plan.md"))
            ? Files.readString(worktree.resolve("plan.md"))
            : "(missing)";
    List<RecordedRequest> calls = model.requests();
    long toldResults =
        calls.stream()
            .flatMap(call -> call.toolResults().stream())
            .filter(result -> result.toolName().equals("write_file"))
            .count();

    findings.check(
        "interrupted".equals(interrupted.path("status").asString())
            && "server_restart".equals(interrupted.path("error").asString()),
        "turn at the kill: "
            + statusAtKill
            + "; after the restart: "
            + interrupted.path("status").asString()
            + ", error "
            + interrupted.path("error").asString());
    findings.check(
        "completed".equals(done.path("status").asString())
            && "The plan is written.".equals(done.path("finalMessage").asString()),
        "the approval given to the new supervisor continued the turn as "
            + (continuation.isEmpty() ? "(no continuation)" : continuation)
            + ": "
            + done.path("status").asString("(none)")
            + ", final message '"
            + done.path("finalMessage").asString("")
            + "'");
    findings.check(
        CONTENT.equals(written) && !Files.exists(workspace.resolve("plan.md")),
        "plan.md in the session's worktree: "
            + JSON.writeValueAsString(written)
            + "; in the workspace: "
            + (Files.exists(workspace.resolve("plan.md")) ? "present" : "absent"));
    findings.check(
        calls.size() == 2 && toldResults == 1,
        "model calls: " + calls.size() + ", carrying the write's result: " + toldResults);
    boolean firstChain = SessionCalls.verify(second, runId).path("ok").asBoolean(false);
    boolean secondChain =
        !continuation.isEmpty()
            && SessionCalls.verify(second, continuation).path("ok").asBoolean(false);
    findings.check(
        firstChain && secondChain,
        "hash chains: interrupted turn " + firstChain + ", continuation " + secondChain);
  }

  private static String builtinSession(SupervisorProcess supervisor, Path workspace)
      throws Exception {
    var body = JSON.createObjectNode();
    body.put("workspaceRoot", workspace.toString());
    body.put("model", "anthropic/claude-sonnet-4-5");
    body.putObject("harness").put("type", "builtin").putArray("argv");
    return supervisor.post("/v1/sessions", body.toString()).path("id").asString();
  }

  /** Reads the turn's stream until the agent asks to write; the question's interaction id. */
}
