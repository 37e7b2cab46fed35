package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.client.SseStream;
import io.kxm.bench.product.HubClient;
import io.kxm.bench.product.HubProcess;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault 18: the hub (on SQLite) is killed with SIGKILL while 16 MCP clients of revision 2026-07-28
 * call {@code kxm_send} on {@code /mcp} without a session, to an agent that listens on {@code
 * subscriptions/listen}; then it is started again on the same store. The listen must have heard
 * arrivals and must end with the hub, every send that was answered must be stored, and a listen
 * opened on the new hub must hear the next arrival.
 */
final class McpListenKillFault implements Fault {
  private static final int CLIENTS = 16;
  private static final Duration LOAD = Duration.ofSeconds(5);
  private static final String RECIPIENT = "mcp-listener";
  private static final JsonMapper JSON = JsonMapper.shared();

  @Override
  public int number() {
    return 18;
  }

  @Override
  public String title() {
    return "kill -9 of the hub while 16 MCP 2026-07-28 clients send to an agent that listens,"
        + " restart, listen again";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path dir = stage.newDir("hub-");
    String token = HubProcess.newToken();
    HubProcess first = stage.keep(HubProcess.start(dir, token, Map.of()));
    HubClient client = new HubClient(first);
    SseStream listen = client.mcpListen(RECIPIENT).readTimeout(Duration.ofSeconds(60));
    findings.check(
        acknowledged(listen.next()), "the listen was acknowledged before the load started");
    Log.info("listening on /mcp as " + RECIPIENT + "; 16 senders start");
    AtomicLong heard = new AtomicLong();
    CountDownLatch listenEnded = new CountDownLatch(1);
    Thread.ofVirtual()
        .start(() -> {
          try (listen) {
            for (SseFrame frame = listen.next(); frame != null; frame = listen.next()) {
              if (frame.data().contains("notifications/resources/updated")) {
                heard.incrementAndGet();
              }
            }
          } catch (IOException e) {
            // the connection broke with the hub: the stream ended all the same
          } finally {
            listenEnded.countDown();
          }
        });

    Set<String> answered = ConcurrentHashMap.newKeySet();
    AtomicBoolean running = new AtomicBoolean(true);
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      String sender = "mcp-sender-" + i;
      workers.add(Thread.ofVirtual().start(() -> send(client, sender, running, answered)));
    }
    Thread.sleep(LOAD.toMillis()); // the load runs this long before the fault
    first.kill();
    running.set(false);
    for (Thread t : workers) {
      t.join(Duration.ofSeconds(30));
    }
    Log.info("killed the hub with " + answered.size() + " MCP sends answered");
    findings.check(!answered.isEmpty(), "the load was answered before the kill");
    findings.check(heard.get() > 0, "arrivals heard on the listen before the kill: " + heard);
    findings.check(
        listenEnded.await(30, TimeUnit.SECONDS), "the listen stream ended with the killed hub");

    HubProcess second = stage.keep(HubProcess.start(dir, token, Map.of()));
    HubClient again = new HubClient(second);
    long present = present(again, answered);
    findings.check(
        present == answered.size(),
        "MCP sends answered before the kill: "
            + answered.size()
            + ", stored after restart: "
            + present);

    try (SseStream relisten = again.mcpListen(RECIPIENT).readTimeout(Duration.ofSeconds(30))) {
      findings.check(acknowledged(relisten.next()), "a listen on the new hub was acknowledged");
      try (HttpConnection c = HttpConnection.open(again.base())) {
        messageId(c.send(again.mcpStatelessSendRequest("mcp-sender-0", RECIPIENT, text())));
      }
      SseFrame next = relisten.next();
      findings.check(
          next != null && next.data().contains("notifications/resources/updated"),
          "the listen on the new hub heard the next arrival");
    }
  }

  private static void send(
      HubClient client, String sender, AtomicBoolean running, Set<String> answered) {
    try (HttpConnection c = HttpConnection.open(client.base())) {
      while (running.get()) {
        answered.add(messageId(c.send(client.mcpStatelessSendRequest(sender, RECIPIENT, text()))));
      }
    } catch (IOException | RuntimeException e) {
      // the hub was killed under this call: whatever it answered before counts
    }
  }

  /**
   * How many of {@code ids} the recipient reads back with {@code kxm_get}, on eight connections.
   */
  private static long present(HubClient client, Set<String> ids) throws InterruptedException {
    ConcurrentLinkedQueue<String> todo = new ConcurrentLinkedQueue<>(ids);
    AtomicLong found = new AtomicLong();
    List<Thread> readers = new ArrayList<>();
    for (int r = 0; r < 8; r++) {
      readers.add(
          Thread.ofVirtual()
              .start(() -> {
                try (HttpConnection c = HttpConnection.open(client.base())) {
                  for (String id = todo.poll(); id != null; id = todo.poll()) {
                    JsonNode result =
                        result(
                            c.send(
                                client.mcpStatelessCallRequest(
                                    RECIPIENT, "kxm_get", Map.of("messageId", id))));
                    if (!result.path("isError").asBoolean(true)) {
                      found.incrementAndGet();
                    }
                  }
                } catch (IOException e) {
                  // counted as missing: whatever was not read back is not present
                }
              }));
    }
    for (Thread t : readers) {
      t.join();
    }
    return found.get();
  }

  private static boolean acknowledged(SseFrame frame) {
    return frame != null && frame.data().contains("notifications/subscriptions/acknowledged");
  }

  private static String text() {
    return "a request sent over MCP while the hub may die";
  }

  private static JsonNode result(HttpResponse answer) throws IOException {
    JsonNode json = JSON.readTree(answer.expect(200, "MCP tools/call").text());
    if (!json.has("result")) {
      throw new IOException("MCP tools/call answered without a result: " + answer.text());
    }
    return json.path("result");
  }

  /** The stored send's id, from a {@code kxm_send} result; a refusal is an error here. */
  private static String messageId(HttpResponse answer) throws IOException {
    JsonNode result = result(answer);
    String text = result.path("content").path(0).path("text").asString("");
    if (result.path("isError").asBoolean(false)) {
      throw new IOException("kxm_send refused: " + text);
    }
    return JSON.readTree(text).path("messageId").asString();
  }
}
