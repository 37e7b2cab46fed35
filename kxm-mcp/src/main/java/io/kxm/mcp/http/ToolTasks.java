package io.kxm.mcp.http;

import io.kxm.core.json.Json;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolContext;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.ToolSpecifications;
import io.kxm.mcp.rpc.RpcAnswers;
import io.kxm.mcp.rpc.RpcRefusal;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * MCP tasks (revision 2025-11-25) for the tools that wait: a {@code tools/call} that carries {@code
 * params.task} for {@code kxm_await} or {@code kxm_fanout} answers at once with a task, the call
 * runs on, and {@code tasks/get}, {@code tasks/result}, {@code tasks/cancel} and {@code tasks/list}
 * follow it. The SDK in use has no tasks, so this layer answers those messages itself, before the
 * SDK sees them; a task lives in this process, in the session that created it.
 */
final class ToolTasks implements AutoCloseable {
  /** The tools that may run as tasks: the ones that wait for a peer. */
  static final Set<String> TASK_TOOLS = Set.of("kxm_await", "kxm_fanout");

  static final Duration DEFAULT_TTL = Duration.ofMinutes(10);
  static final Duration MAX_TTL = Duration.ofHours(1);
  static final Duration POLL_INTERVAL = Duration.ofSeconds(1);

  /** Tasks one session may hold, running or kept for their result. */
  static final int PER_SESSION_MAX = 64;

  static final String RELATED_TASK = "io.modelcontextprotocol/related-task";

  /** Sends a notification to one session's open event stream, if it has one. */
  @FunctionalInterface
  interface Notifier {
    void notify(String sessionId, String method, Object params);
  }

  private final ToolCatalog catalog;
  private final ActivePolicy policy;
  private final Notifier notifier;
  private final Clock clock;
  private final Map<String, ToolTask> tasks = new ConcurrentHashMap<>();
  private final ExecutorService runner = Executors.newVirtualThreadPerTaskExecutor();

  ToolTasks(ToolCatalog catalog, ActivePolicy policy, Notifier notifier, Clock clock) {
    this.catalog = catalog;
    this.policy = policy;
    this.notifier = notifier;
    this.clock = clock;
  }

  /** Whether this layer answers {@code message}, rather than the SDK. */
  static boolean handles(JsonNode message) {
    String method = message.path("method").asString("");
    return method.startsWith("tasks/")
        || (method.equals("tools/call") && message.path("params").has("task"));
  }

  /** The answer to one message {@link #handles} took: a JSON-RPC response. */
  ObjectNode answer(JsonNode message, AgentSession<?> session) {
    JsonNode id = message.path("id");
    JsonNode params = message.path("params");
    try {
      JsonNode result =
          switch (message.path("method").asString("")) {
            case "tools/call" -> create(params, session);
            case "tasks/get" -> find(params, session).view();
            case "tasks/result" -> result(find(params, session));
            case "tasks/cancel" -> cancel(find(params, session));
            case "tasks/list" -> list(session);
            default ->
                throw new RpcRefusal(
                    RpcRefusal.METHOD_NOT_FOUND,
                    "method " + message.path("method") + " is unknown");
          };
      return RpcAnswers.response(id).set("result", result);
    } catch (RpcRefusal e) {
      return RpcAnswers.error(id, e);
    }
  }

  private JsonNode create(JsonNode params, AgentSession<?> session) {
    String name = params.path("name").asString("");
    if (!TASK_TOOLS.contains(name)) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS,
          "tool '" + name + "' does not run as a task; call it without params.task");
    }
    ToolDefinition tool = catalog.find(name).orElseThrow();
    JsonNode task = params.path("task");
    if (!task.isObject()) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS, "params.task must be an object, such as {\"ttl\":60000}");
    }
    Duration ttl = ttl(task.path("ttl"));
    purgeExpired();
    long held =
        tasks.values().stream().filter(t -> t.sessionId().equals(session.sessionId())).count();
    if (held >= PER_SESSION_MAX) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS,
          "this session holds " + held + " tasks, the most it may; cancel some or wait for them");
    }
    JsonNode arguments = params.path("arguments");
    @SuppressWarnings("unchecked")
    Map<String, Object> args =
        arguments.isObject() ? Json.MAPPER.convertValue(arguments, Map.class) : Map.of();
    ToolTask created =
        new ToolTask("task_" + UUID.randomUUID(), session.sessionId(), ttl, clock.instant());
    tasks.put(created.id(), created);
    ToolContext context = ToolContext.of(session.peers());
    try {
      created.started(
          runner.submit(
              () -> finish(created, ToolSpecifications.call(tool, policy, () -> context, args))));
    } catch (RejectedExecutionException e) {
      tasks.remove(created.id());
      throw new RpcRefusal(
          RpcRefusal.INTERNAL_ERROR, "the server is stopping; call the tool again on another");
    }
    ObjectNode result = Json.object();
    result.set("task", created.view());
    return result;
  }

  private void finish(ToolTask task, CallToolResult outcome) {
    JsonNode result = McpJson.tree(outcome);
    if (task.finish(result, Boolean.TRUE.equals(outcome.isError()), clock.instant())) {
      notifier.notify(task.sessionId(), "notifications/tasks/status", task.view());
    }
  }

  private JsonNode result(ToolTask task) {
    JsonNode result;
    try {
      result = task.awaitResult();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RpcRefusal(
          RpcRefusal.INTERNAL_ERROR, "the server stopped while this request waited");
    }
    if (result == null) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS, "task " + task.id() + " was cancelled; it has no result");
    }
    ObjectNode copy = (ObjectNode) result.deepCopy();
    copy.putObject("_meta").putObject(RELATED_TASK).put("taskId", task.id());
    return copy;
  }

  private JsonNode cancel(ToolTask task) {
    if (!task.cancel(clock.instant())) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS,
          "task " + task.id() + " is " + task.status() + " already; it cannot be cancelled");
    }
    notifier.notify(task.sessionId(), "notifications/tasks/status", task.view());
    return task.view();
  }

  private JsonNode list(AgentSession<?> session) {
    purgeExpired();
    ObjectNode result = Json.object();
    List<ToolTask> mine = new ArrayList<>();
    tasks.values().stream()
        .filter(t -> t.sessionId().equals(session.sessionId()))
        .forEach(mine::add);
    mine.sort(java.util.Comparator.comparing(ToolTask::createdAt));
    var array = result.putArray("tasks");
    mine.forEach(t -> array.add(t.view()));
    return result;
  }

  private ToolTask find(JsonNode params, AgentSession<?> session) {
    String id = params.path("taskId").asString("");
    ToolTask task = tasks.get(id);
    if (task == null
        || !task.sessionId().equals(session.sessionId())
        || task.expired(clock.instant())) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS, "task '" + id + "' is not a task of this session");
    }
    return task;
  }

  /** Ends every task of a session that has gone. */
  void sessionEnded(String sessionId) {
    tasks
        .values()
        .removeIf(t -> {
          if (t.sessionId().equals(sessionId)) {
            t.cancel(clock.instant());
            return true;
          }
          return false;
        });
  }

  private void purgeExpired() {
    Instant now = clock.instant();
    tasks.values().removeIf(t -> t.expired(now));
  }

  private static Duration ttl(JsonNode ttl) {
    if (ttl.isMissingNode() || ttl.isNull()) {
      return DEFAULT_TTL;
    }
    if (!ttl.isIntegralNumber() || ttl.asLong() < 1 || ttl.asLong() > MAX_TTL.toMillis()) {
      throw new RpcRefusal(
          RpcRefusal.INVALID_PARAMS,
          "params.task.ttl must be 1 to " + MAX_TTL.toMillis() + " milliseconds");
    }
    return Duration.ofMillis(ttl.asLong());
  }

  @Override
  public void close() {
    runner.shutdownNow();
  }
}
