package io.kxm.session.builtin;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.usage.TokenUsage;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.WorkspaceAccess;
import io.kxm.session.provider.ConversationItem;
import io.kxm.session.provider.ModelClient;
import io.kxm.session.provider.ModelListener;
import io.kxm.session.provider.ModelReply;
import io.kxm.session.provider.ModelRequest;
import io.kxm.session.provider.ToolUse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One turn of the built-in agent: the history and the prompt go to the model, its tool calls run
 * (those that change files only once approved, and then in the session's worktree), their results
 * go back, and so on until the model answers without calling a tool or the step limit is reached. A
 * continuation run first carries out the calls a person answered while the supervisor was down.
 */
final class AgentLoop {
  static final String SYSTEM =
      "You are the built-in coding agent of KXM, working in one project folder. Use the tools to"
          + " look around before you change anything; paths are relative to the project folder."
          + " Writes and commands may wait for a person's approval, and a denied call is final:"
          + " do not retry it. When the task is done, answer with a short summary of what you did.";

  private final TurnInput input;
  private final String modelName;
  private final ModelClient model;
  private final WorkspaceTools tools;
  private final Approvals approvals;
  private final BuiltinSettings settings;
  private final SessionWorktrees worktrees;
  private final Consumer<HarnessOutput> out;
  private final ModelListener listener;
  private final Path workspace;
  private final DiffEvidence evidence;
  private SessionWorktrees.Worktree worktree;

  AgentLoop(
      TurnInput input,
      String modelName,
      ModelClient model,
      WorkspaceTools tools,
      Approvals approvals,
      BuiltinSettings settings,
      SessionWorktrees worktrees,
      Consumer<HarnessOutput> out,
      ModelListener listener) {
    this.input = input;
    this.modelName = modelName;
    this.model = model;
    this.tools = tools;
    this.approvals = approvals;
    this.settings = settings;
    this.worktrees = worktrees;
    this.out = out;
    this.listener = listener;
    this.workspace = Path.of(input.workspaceRoot());
    this.evidence = new DiffEvidence(out);
  }

  /**
   * Runs the turn.
   *
   * @return null when the model gave its final answer; otherwise why the turn failed (the step
   *     limit), for the turn's diagnosis
   * @throws KxmException {@code provider_failed} when a model call failed
   * @throws InterruptedException when the turn was cancelled
   */
  String run() throws InterruptedException {
    // only a session has a worktree of its own; a run's turn works in the folder it is given
    worktree =
        input.access() == WorkspaceAccess.SESSION
            ? worktrees.existing(input.sessionId()).orElse(null)
            : null;
    List<ConversationItem> items = new ArrayList<>(Conversations.fromHistory(input.history()));
    items.add(new ConversationItem.UserText(input.prompt()));
    try {
      resume(items);
      for (int step = 0; step < settings.maxSteps(); step++) {
        ModelReply reply =
            model.complete(
                new ModelRequest(
                    modelName,
                    SYSTEM,
                    items,
                    input.access() == WorkspaceAccess.READ_ONLY
                        ? tools.readingSpecs()
                        : tools.specs(),
                    settings.maxOutputTokens()),
                listener);
        usage(reply.usage());
        if (reply.calls().isEmpty()) {
          evidence.emit(worktree);
          if (!reply.text().isEmpty()) {
            out.accept(new HarnessOutput.Final(reply.text()));
          }
          return null;
        }
        items.add(new ConversationItem.AssistantReply(reply.text(), reply.calls()));
        for (ToolUse call : reply.calls()) {
          items.add(execute(call, null));
        }
      }
    } catch (KxmException e) {
      evidence.emit(worktree);
      throw e;
    }
    evidence.emit(worktree);
    return "the agent made "
        + settings.maxSteps()
        + " model calls without a final answer ("
        + BuiltinSettings.MAX_STEPS
        + ")";
  }

  /** Carries out, or refuses, the calls a person answered after the supervisor restarted. */
  private void resume(List<ConversationItem> items) throws InterruptedException {
    List<ToolUse> calls = new ArrayList<>();
    List<ConversationItem> outputs = new ArrayList<>();
    for (JsonNode entry : input.resumed()) {
      JsonNode request = entry.path("request");
      if (!"approval".equals(entry.path("kind").asString("")) || !request.path("tool").isString()) {
        continue;
      }
      String callId =
          request.path("callId").isString()
              ? request.path("callId").asString()
              : "resumed_" + entry.path("interactionId").asString("");
      JsonNode arguments = request.path("input").isObject() ? request.get("input") : Json.object();
      ToolUse call = new ToolUse(callId, request.path("tool").asString(), arguments);
      calls.add(call);
      outputs.add(execute(call, Approvals.Decision.of(entry.path("answer"))));
    }
    if (!calls.isEmpty()) {
      items.add(new ConversationItem.AssistantReply("", calls));
      items.addAll(outputs);
    }
  }

  /**
   * Runs one call and reports it.
   *
   * @param decided a person's decision already taken (a resumed call); null asks when needed
   */
  private ConversationItem.ToolOutput execute(ToolUse call, Approvals.Decision decided)
      throws InterruptedException {
    ObjectNode shown = Json.object().put("id", call.id()).put("name", call.name());
    shown.set("input", call.input());
    out.accept(new HarnessOutput.ToolCall(shown));
    ToolRun run = decide(call, decided);
    ObjectNode result = Json.object().put("id", call.id()).put("output", run.output());
    result.put("isError", run.isError());
    out.accept(new HarnessOutput.ToolResult(result));
    return new ConversationItem.ToolOutput(call.id(), run.output(), run.isError());
  }

  private ToolRun decide(ToolUse call, Approvals.Decision decided) throws InterruptedException {
    boolean changes = tools.tool(call.name()).map(WorkspaceTool::changesFiles).orElse(false);
    if (!changes) {
      return tools.run(call.name(), call.input(), readFolder());
    }
    switch (input.access()) {
      case READ_ONLY -> {
        return ToolRun.error(
            "this turn is read-only: '" + call.name() + "' changes files and is not offered");
      }
      case WRITE -> {
        // the workspace is a run's own worktree: the run records the diff, nobody approves
        return tools.run(call.name(), call.input(), new WorkspacePaths(workspace));
      }
      case SESSION -> {}
    }
    Approvals.Decision decision = decided;
    if (decision == null && !settings.autoApprove().allows(call.name())) {
      decision =
          approvals.ask(Approvals.request(call.name(), call.input(), call.id(), reason(call)));
    }
    if (decision != null && !decision.approved()) {
      String note = decision.note().isBlank() ? "" : ": " + decision.note();
      return ToolRun.error("a person denied this call" + note);
    }
    WorkspacePaths folder;
    try {
      folder = changeFolder();
    } catch (KxmException e) {
      if (e.code() != ErrorCode.WORKTREE_FAILED) {
        throw e;
      }
      return ToolRun.error(
          "worktree_failed: nothing can change in this session: " + e.getMessage());
    }
    evidence.changed();
    return tools.run(call.name(), call.input(), folder);
  }

  // Reads see the session's own changes once it has a worktree.
  private WorkspacePaths readFolder() {
    return new WorkspacePaths(worktree != null ? worktree.path() : workspace);
  }

  private WorkspacePaths changeFolder() throws InterruptedException {
    if (worktree == null) {
      worktree = worktrees.open(input.sessionId(), workspace);
    }
    return new WorkspacePaths(worktree.path());
  }

  private static String reason(ToolUse call) {
    JsonNode in = call.input();
    String what =
        switch (call.name()) {
          case "write_file" -> "write " + in.path("path").asString("?");
          case "edit_file" -> "edit " + in.path("path").asString("?");
          case "run_command" ->
              "run "
                  + (in.path("command").isString()
                      ? in.path("command").asString()
                      : Json.write(in.path("argv")));
          default -> call.name();
        };
    return what.length() > 500 ? what.substring(0, 500) + "…" : what;
  }

  private void usage(TokenUsage usage) {
    if (!usage.available()) {
      return;
    }
    out.accept(
        new HarnessOutput.Usage(
            Json.object()
                .put("inputTokens", usage.input())
                .put("outputTokens", usage.output())
                .put("cacheReadTokens", usage.cacheRead())
                .put("cacheWriteTokens", usage.cacheWrite())
                .put("reasoningTokens", usage.reasoning())));
  }
}
