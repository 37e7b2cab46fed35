package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubClient;
import io.kxm.bench.product.HubProcess;
import io.kxm.bench.product.McpStdioSession;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * Fault 11: a request is pushed into a {@code kxm mcp} session that never reads it, and that {@code
 * kxm mcp} is killed with SIGKILL. The request must still be {@code queued} on the hub (a push is
 * not a delivery, and the kill loses nothing); a new {@code kxm mcp} under the same agent name must
 * get it pushed again; reading it there ({@code kxm_get}) makes it {@code delivered}, and the
 * session's {@code kxm_reply} reaches the sender.
 */
final class McpPushKillFault implements Fault {
  private static final String ANSWERER = "fault11-answerer";
  private static final Duration PUSH_WAIT = Duration.ofSeconds(30);
  private static final String CONTENT = "fault 11: pushed, never read, then the session is killed";
  private static final String ANSWER = "fault 11: answered by the second session";

  @Override
  public int number() {
    return 11;
  }

  @Override
  public String title() {
    return "kill -9 of a kxm mcp session holding a pushed, unread request; a new session";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    HubProcess hub =
        stage.keep(HubProcess.start(stage.newDir("hub-"), HubProcess.newToken(), Map.of()));
    Agent asker = Agents.register(hub, "fault11-asker");

    Pushes first = new Pushes();
    McpStdioSession session1 =
        stage.keep(McpStdioSession.start(hub, ANSWERER, stage.newDir("mcp-1-"), first::pushed));
    String id;
    long sentAt = System.nanoTime();
    try (HttpConnection c = HttpConnection.open(hub.base())) {
      HttpResponse sent = c.send(Wire.send(hub, asker, ANSWERER, CONTENT)).expect(201, "send");
      id = Wire.messageId(sent);
    }
    long pushedAfter = first.await(id, PUSH_WAIT, sentAt);
    String beforeKill = status(hub, asker, id);
    findings.check(
        pushedAfter != Pushes.NONE && "queued".equals(beforeKill),
        "first kxm mcp (pid "
            + session1.pid()
            + "): request pushed "
            + first.count(id)
            + " time(s), "
            + millis(pushedAfter)
            + " from the send; status on the hub "
            + beforeKill
            + " (pushed, not read)");

    session1.kill();
    Log.info("killed kxm mcp with SIGKILL with request " + id + " pushed and unread");
    String afterKill = status(hub, asker, id);
    findings.check(
        "queued".equals(afterKill) && !session1.alive(),
        "after SIGKILL of kxm mcp: process gone "
            + !session1.alive()
            + ", status on the hub "
            + afterKill
            + " (not delivered, not lost)");

    Pushes second = new Pushes();
    long t0 = System.nanoTime();
    McpStdioSession session2 =
        stage.keep(McpStdioSession.start(hub, ANSWERER, stage.newDir("mcp-2-"), second::pushed));
    long initializedAt = System.nanoTime();
    long startedAfter = initializedAt - t0;
    long pushedAgain = second.await(id, PUSH_WAIT, initializedAt);
    String beforeRead = status(hub, asker, id);
    findings.check(
        pushedAgain != Pushes.NONE
            && CONTENT.equals(second.content(id))
            && "queued".equals(beforeRead),
        "new kxm mcp under the same name (pid "
            + session2.pid()
            + ", initialized "
            + millis(startedAfter)
            + " after its start): request pushed again "
            + second.count(id)
            + " time(s)"
            + ", "
            + millis(pushedAgain)
            + " from the end of the MCP handshake (negative: before it)"
            + ", with content "
            + (CONTENT.equals(second.content(id)) ? "intact" : "'" + second.content(id) + "'")
            + "; status before the session reads it "
            + beforeRead);

    JsonNode read = session2.callTool("kxm_get", Map.of("messageId", id));
    String afterRead = status(hub, asker, id);
    findings.check(
        "delivered".equals(afterRead) && CONTENT.equals(read.path("content").asString("")),
        "kxm_get in the new session returned status "
            + read.path("status").asString("?")
            + " and the content; status on the hub after the read "
            + afterRead);

    JsonNode replied = session2.callTool("kxm_reply", Map.of("messageId", id, "content", ANSWER));
    JsonNode seen;
    try (HttpConnection c = HttpConnection.open(hub.base())) {
      seen = new HubClient(hub).await(c, asker, id);
    }
    findings.check(
        "replied".equals(seen.path("status").asString(""))
            && ANSWER.equals(seen.path("reply").asString("")),
        "kxm_reply answered "
            + replied.path("status").asString("?")
            + "; the sender's await sees status "
            + seen.path("status").asString("?")
            + " with "
            + (ANSWER.equals(seen.path("reply").asString("")) ? "the reply" : "reply " + seen));
    findings.note(
        "pushes of the request: "
            + first.count(id)
            + " into the killed session, "
            + second.count(id)
            + " into the new one");
  }

  private static String status(HubProcess hub, Agent asker, String id) throws IOException {
    try (HttpConnection c = HttpConnection.open(hub.base())) {
      HttpResponse r = c.send(Wire.getMessage(hub, asker, id)).expect(200, "get " + id);
      return Wire.read(r.text()).path("status").asString("?");
    }
  }

  private static String millis(long nanos) {
    return nanos == Pushes.NONE ? "never" : String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
  }

  /** The pushes one session received, by message id. */
  private static final class Pushes {
    static final long NONE = Long.MIN_VALUE;

    private final Map<String, CompletableFuture<Long>> first = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Map<String, String> contents = new ConcurrentHashMap<>();

    void pushed(String id, long nanos, JsonNode message) {
      counts.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
      contents.putIfAbsent(id, message.path("content").asString(""));
      future(id).complete(nanos);
    }

    /**
     * Nanoseconds from {@code since} to the first push of {@code id}, negative when it came before,
     * or {@link #NONE} if none came within {@code timeout}.
     */
    long await(String id, Duration timeout, long since) throws Exception {
      try {
        return future(id).get(timeout.toMillis(), TimeUnit.MILLISECONDS) - since;
      } catch (TimeoutException e) {
        return NONE;
      }
    }

    int count(String id) {
      AtomicInteger n = counts.get(id);
      return n == null ? 0 : n.get();
    }

    String content(String id) {
      return contents.get(id);
    }

    private CompletableFuture<Long> future(String id) {
      return first.computeIfAbsent(id, k -> new CompletableFuture<>());
    }
  }
}
