package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.proc.Child;
import io.kxm.bench.proc.Jvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code kxm mcp} as a child process of the suite, from the CLI jar, spoken to as an MCP client
 * does over stdio: one JSON-RPC message a line, {@code initialize} then {@code
 * notifications/initialized}, tool calls, and every request pushed to the agent read off its
 * standard output (a {@code notifications/message} of logger {@value #PUSH_LOGGER}) and handed to a
 * listener with the nanosecond its line was read. The agent registers under the name given, on the
 * hub given, with the project token; its user state lives in a folder of its own.
 */
public final class McpStdioSession implements AutoCloseable {
  /** The logger name {@code kxm mcp} puts on the notification of a pushed request. */
  public static final String PUSH_LOGGER = "kxm.inbox";

  private static final JsonMapper JSON = JsonMapper.shared();
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  private final Child child;
  private final OutputStream stdin;
  private final PushListener listener;
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final CompletableFuture<Void> ended = new CompletableFuture<>();

  /** Told of each request pushed into the session. */
  @FunctionalInterface
  public interface PushListener {
    /**
     * @param nanos {@link System#nanoTime()} when the notification's line had been read
     * @param message the request as the notification carries it
     */
    void pushed(String messageId, long nanos, JsonNode message);
  }

  private McpStdioSession(Child child, PushListener listener) {
    this.child = child;
    this.stdin = child.stdin();
    this.listener = listener;
  }

  /**
   * Starts {@code kxm mcp} in {@code dir} as agent {@code name} of {@code hub}'s project and
   * initializes the session; returns once the server answered {@code initialize}, by which time the
   * agent is registered.
   */
  public static McpStdioSession start(HubEndpoint hub, String name, Path dir, PushListener listener)
      throws Exception {
    Files.createDirectories(dir);
    Map<String, String> env = new LinkedHashMap<>();
    env.put("HOME", dir.resolve("home").toString());
    env.put("KXM_STATE_HOME", dir.resolve("state-home").toString());
    env.put("KXM_USER_CONFIG_DIR", dir.resolve("config").toString());
    env.put("KXM_LOGS_DIR", dir.resolve("logs").toString());
    env.put("KXM_SERVER_URL", hub.base().toString());
    env.put("KXM_PROJECT", hub.project());
    env.put("KXM_AUTH_TOKEN", hub.projectToken());
    env.put("KXM_AGENT_NAME", name);
    env.put("KXM_AGENT_PURPOSE", "receives pushed requests");
    List<String> cmd = Jvm.productServer();
    cmd.addAll(List.of("-cp", HubProcess.requireJar().toString(), "io.kxm.cli.Main", "mcp"));
    McpStdioSession session =
        new McpStdioSession(Child.piped("kxm-mcp-" + name, cmd, dir, env), listener);
    try {
      session.readOutput();
      ObjectNode params = JSON.createObjectNode().put("protocolVersion", "2025-06-18");
      params.putObject("capabilities");
      params.putObject("clientInfo").put("name", "kxm-bench").put("version", "1");
      JsonNode answer = session.request("initialize", params, START_TIMEOUT);
      if (!answer.has("result")) {
        throw new IllegalStateException("kxm mcp refused initialize: " + answer);
      }
      session.write(
          JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized"));
      return session;
    } catch (Exception e) {
      session.close();
      throw e;
    }
  }

  /** Calls a kxm tool and returns its result's text read as JSON; fails on a tool error. */
  public JsonNode callTool(String tool, Map<String, Object> arguments) throws Exception {
    ObjectNode params = JSON.createObjectNode().put("name", tool);
    params.set("arguments", JSON.valueToTree(arguments));
    JsonNode answer = request("tools/call", params, CALL_TIMEOUT);
    JsonNode result = answer.path("result");
    String text = result.path("content").path(0).path("text").asString("");
    if (!answer.has("result") || result.path("isError").asBoolean(false)) {
      throw new IllegalStateException(tool + " failed: " + answer);
    }
    return JSON.readTree(text);
  }

  public long pid() {
    return child.pid();
  }

  public boolean alive() {
    return child.alive();
  }

  public String logTail() {
    return child.logTail();
  }

  /** {@code kill -9}: no shutdown hook runs, so the agent does not leave and nothing is flushed. */
  public void kill() throws InterruptedException {
    child.kill();
  }

  /** Closes stdin, as an MCP client does when its session ends; {@code kxm mcp} then exits. */
  @Override
  public void close() {
    child.close();
  }

  @Override
  public String toString() {
    return child.toString();
  }

  private JsonNode request(String method, JsonNode params, Duration timeout) throws Exception {
    long id = ids.incrementAndGet();
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    pending.put(id, answer);
    ObjectNode message =
        JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
    message.set("params", params);
    try {
      write(message);
      return CompletableFuture.anyOf(answer, ended)
          .thenApply(x -> answer.getNow(null))
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          method + " got no answer from kxm mcp within " + timeout + ": " + child.logTail(), e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "kxm mcp ended before it answered " + method + ": " + child.logTail(), e);
    } finally {
      pending.remove(id);
    }
  }

  private synchronized void write(JsonNode message) throws IOException {
    stdin.write((message.toString() + "\n").getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  /** One reader of stdout: answers go to their callers, pushes to the listener. */
  private void readOutput() {
    Thread.ofPlatform()
        .daemon()
        .name("mcp-stdout-" + child.pid())
        .start(() -> {
          try (BufferedReader out =
              new BufferedReader(new InputStreamReader(child.stdout(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
              long nanos = System.nanoTime();
              if (!line.isBlank()) {
                take(line, nanos);
              }
            }
          } catch (IOException | RuntimeException e) {
            Log.warn("reading " + child + ": " + e);
          }
          ended.completeExceptionally(new IllegalStateException(child + " closed its stdout"));
        });
  }

  private void take(String line, long nanos) throws IOException {
    JsonNode m;
    try {
      m = JSON.readTree(line);
    } catch (RuntimeException notJson) {
      Log.warn(child + " wrote a line that is not JSON: " + line);
      return;
    }
    String method = m.path("method").asString("");
    if (method.isEmpty()) {
      CompletableFuture<JsonNode> waiting = pending.get(m.path("id").asLong(-1));
      if (waiting != null) {
        waiting.complete(m);
      }
      return;
    }
    if (m.has("id")) {
      answerServer(m);
      return;
    }
    JsonNode params = m.path("params");
    if ("notifications/message".equals(method)
        && PUSH_LOGGER.equals(params.path("logger").asString(""))) {
      JsonNode data = params.path("data");
      JsonNode notice = data.isString() ? JSON.readTree(data.asString()) : data;
      JsonNode message = notice.path("message");
      String id = message.path("id").asString("");
      if (!id.isEmpty() && listener != null) {
        listener.pushed(id, nanos, message);
      }
    }
  }

  /** A request from the server (a ping): answered so that it does not wait on the client. */
  private void answerServer(JsonNode request) throws IOException {
    ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
    answer.set("id", request.path("id"));
    if ("ping".equals(request.path("method").asString(""))) {
      answer.putObject("result");
    } else {
      answer.putObject("error").put("code", -32601).put("message", "not supported by the bench");
    }
    write(answer);
  }
}
