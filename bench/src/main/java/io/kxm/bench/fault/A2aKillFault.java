package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubClient;
import io.kxm.bench.product.HubProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault 17: the hub (on SQLite) is killed with SIGKILL while 16 A2A clients send {@code
 * SendMessage} to one agent's A2A endpoint, each with a fresh {@code messageId}, then started again
 * on the same store. Afterwards every task that was answered must be stored (its request readable
 * by the agent), and sending each message again, the answered ones and those in flight at the kill,
 * must give one task per {@code messageId}: the answered ones their own task, none a second one.
 */
final class A2aKillFault implements Fault {
  private static final int CLIENTS = 16;
  private static final Duration LOAD = Duration.ofSeconds(5);
  private static final String TARGET = "a2a-target";
  private static final JsonMapper JSON = JsonMapper.shared();

  @Override
  public int number() {
    return 17;
  }

  @Override
  public String title() {
    return "kill -9 of the hub while 16 A2A clients send, restart, send each message again";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path dir = stage.newDir("hub-");
    String token = HubProcess.newToken();
    HubProcess first = stage.keep(HubProcess.start(dir, token, Map.of()));
    Agent target = Agents.register(first, TARGET);
    Map<String, String> answered = new ConcurrentHashMap<>(); // messageId -> task id
    Set<String> tried = ConcurrentHashMap.newKeySet(); // every messageId sent, answered or not
    AtomicBoolean running = new AtomicBoolean(true);
    HubClient client = new HubClient(first);
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      int worker = i;
      workers.add(Thread.ofVirtual().start(() -> send(client, worker, running, tried, answered)));
    }
    Thread.sleep(LOAD.toMillis()); // the load runs this long before the fault
    first.kill();
    running.set(false);
    for (Thread t : workers) {
      t.join(Duration.ofSeconds(30));
    }
    Log.info(
        "killed the hub with "
            + answered.size()
            + " A2A sends answered, "
            + (tried.size() - answered.size())
            + " in flight");

    HubProcess second = stage.keep(HubProcess.start(dir, token, Map.of()));
    long present = Agents.present(second, target, answered.values());
    findings.check(
        present == answered.size(),
        "tasks answered before the kill: "
            + answered.size()
            + ", stored after restart: "
            + present);

    HubClient again = new HubClient(second);
    Map<String, String> resent = new ConcurrentHashMap<>();
    try (HttpConnection c = HttpConnection.open(again.base())) {
      for (String messageId : tried) {
        resent.put(messageId, taskId(c.send(again.a2aSendRequest(TARGET, messageId, text()))));
      }
    }
    long moved =
        answered.entrySet().stream()
            .filter(e -> !e.getValue().equals(resent.get(e.getKey())))
            .count();
    findings.check(
        moved == 0,
        "answered messages sent again: "
            + answered.size()
            + ", answered with another task: "
            + moved);
    Set<String> distinct = new HashSet<>(resent.values());
    findings.check(
        distinct.size() == tried.size(),
        "messageIds sent: "
            + tried.size()
            + ", distinct tasks after sending each again: "
            + distinct.size());
    findings.check(!answered.isEmpty(), "the load was answered before the kill");
  }

  private static void send(
      HubClient client,
      int worker,
      AtomicBoolean running,
      Set<String> tried,
      Map<String, String> answered) {
    try (HttpConnection c = HttpConnection.open(client.base())) {
      for (int n = 0; running.get(); n++) {
        String messageId = "fault-" + worker + "-" + n;
        tried.add(messageId);
        answered.put(messageId, taskId(c.send(client.a2aSendRequest(TARGET, messageId, text()))));
      }
    } catch (IOException | RuntimeException e) {
      // the hub was killed under this call: whatever it answered before counts
    }
  }

  private static String text() {
    return "a request sent over A2A while the hub may die";
  }

  private static String taskId(HttpResponse answer) throws IOException {
    JsonNode json = JSON.readTree(answer.expect(200, "A2A SendMessage").text());
    String id = json.path("result").path("task").path("id").asString("");
    if (id.isEmpty()) {
      throw new IOException("A2A SendMessage answered without a task: " + answer.text());
    }
    return id;
  }
}
