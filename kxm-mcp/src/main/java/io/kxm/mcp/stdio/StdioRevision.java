package io.kxm.mcp.stdio;

import io.kxm.core.json.Json;
import io.kxm.core.peer.PeerOperations;
import io.kxm.mcp.McpServerOptions;
import io.kxm.mcp.rpc.RpcAnswers;
import io.kxm.mcp.rpc.RpcRefusal;
import io.kxm.mcp.rpc.StatelessRevision;
import io.kxm.mcp.rpc.StatelessRevision.TransportCheck;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Revision 2026-07-28 over stdio, beside the SDK's 2025-11-25: a request that names that version in
 * {@code _meta} (or a {@code server/discover}) is answered here and never reaches the SDK. Each is
 * answered on its own virtual thread, so a {@code kxm_await} that waits a minute holds no other
 * request back. A {@code subscriptions/listen} stays open until the client cancels it ({@code
 * notifications/cancelled} naming its id) or stdin ends; meanwhile each request that arrives for
 * the agent is told to it as {@code notifications/resources/updated} for {@code kxm://inbox}.
 */
final class StdioRevision implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StdioRevision.class);
  private static final String LISTEN = "subscriptions/listen";
  private static final String CANCELLED = "notifications/cancelled";

  private final StatelessRevision revision;
  private final PeerOperations tools;
  private final PeerOperations inbox;
  private final PendingRequests pending;
  private final WatchedStdout stdout;
  private final ExecutorService answering = Executors.newVirtualThreadPerTaskExecutor();

  /** Open listens by the text of their request id, each with whether it asked for the inbox. */
  private final Map<String, Listen> listens = new ConcurrentHashMap<>();

  private record Listen(JsonNode id, boolean inbox) {}

  StdioRevision(
      McpServerOptions options,
      PeerOperations tools,
      PeerOperations inbox,
      PendingRequests pending,
      WatchedStdout stdout) {
    this.revision = new StatelessRevision(options);
    this.tools = tools;
    this.inbox = inbox;
    this.pending = pending;
    this.stdout = stdout;
  }

  /**
   * Takes {@code message} when it is this revision's, or the cancel of a listen opened here; false
   * leaves it to the SDK.
   */
  boolean take(JsonNode message) {
    String method = message.path("method").asString("");
    if (method.equals(CANCELLED)) {
      return listens.remove(message.path("params").path("requestId").toString()) != null;
    }
    if (!StatelessRevision.applies(message)) {
      return false;
    }
    JsonNode id = message.get("id");
    if (id == null || id.isNull()) {
      return true; // a notification of this revision asks for nothing
    }
    if (method.equals(LISTEN)) {
      listen(message, id);
      return true;
    }
    String key = JsonRpcLines.id(message);
    if (key != null) {
      pending.received(key); // stdin's end waits for this answer as for the SDK's
    }
    answering.execute(() ->
        write(revision.answer(message, TransportCheck.NONE, () -> tools, () -> inbox).message()));
    return true;
  }

  private void listen(JsonNode message, JsonNode id) {
    try {
      revision.check(message, TransportCheck.NONE);
    } catch (RpcRefusal e) {
      write(RpcAnswers.error(id, e));
      return;
    }
    ObjectNode honored = StatelessRevision.honored(message.path("params"));
    listens.put(id.toString(), new Listen(id, honored.has("resourceSubscriptions")));
    write(StatelessRevision.acknowledged(id, honored));
  }

  /** A request arrived for the agent: every listen that asked for the inbox is told. */
  boolean inboxChanged() {
    boolean told = false;
    for (Listen listen : listens.values()) {
      if (listen.inbox()) {
        told |= write(StatelessRevision.inboxUpdated(listen.id()));
      }
    }
    return told;
  }

  /** Ends every open listen with its result, as the revision asks of a server that stops. */
  @Override
  public void close() {
    // stdin's end waited for the answers in flight; any still running were given up on
    answering.shutdownNow();
    for (Listen listen : listens.values()) {
      write(StatelessRevision.listenEnded(listen.id()));
    }
    listens.clear();
  }

  private boolean write(JsonNode message) {
    try {
      stdout.writeLine(Json.write(message));
      return true;
    } catch (IOException e) {
      log.debug("could not write to stdout; it is closed", e);
      return false;
    }
  }
}
