package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubClient;
import io.kxm.bench.product.HubProcess;
import io.kxm.core.reserve.GlobOverlap;
import io.kxm.core.reserve.PathGlob;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault 16: the hub (on SQLite) is killed with SIGKILL while 16 agents reserve and release
 * overlapping globs as fast as they can (and keep a few files of their own), then started again on
 * the same store. Afterwards no two agents may hold overlapping paths, every kept reservation
 * answered 201 must still be held, and every release answered 200 must have ended its reservation.
 */
final class ReservationKillFault implements Fault {
  private static final int AGENTS = 16;
  private static final Duration LOAD = Duration.ofSeconds(5);
  // globs that overlap in chains (src/** holds everything below it), so most reserves conflict
  private static final List<String> GLOBS =
      List.of("src/**", "src/api/**", "src/api/Routes.java", "src/*.java", "docs/**", "docs/a.md");
  private static final int KEPT_PER_AGENT = 20;
  private static final JsonMapper JSON = JsonMapper.shared();

  @Override
  public int number() {
    return 16;
  }

  @Override
  public String title() {
    return "kill -9 of the hub while 16 agents reserve and release overlapping paths, restart";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path dir = stage.newDir("hub-");
    String token = HubProcess.newToken();
    HubProcess first = stage.keep(HubProcess.start(dir, token, Map.of()));
    List<Agent> agents = Agents.register(first, "reserver", AGENTS);
    Set<String> held = ConcurrentHashMap.newKeySet(); // answered 201, not (yet) released
    Set<String> released = ConcurrentHashMap.newKeySet(); // release answered 200
    AtomicLong conflicts = new AtomicLong();
    AtomicBoolean running = new AtomicBoolean(true);
    HubClient client = new HubClient(first);
    List<Thread> workers = new ArrayList<>();
    for (Agent agent : agents) {
      workers.add(
          Thread.ofVirtual()
              .start(() -> reserveAndRelease(client, agent, running, held, released, conflicts)));
    }
    Thread.sleep(LOAD.toMillis()); // the load runs this long before the fault
    first.kill();
    running.set(false);
    for (Thread t : workers) {
      t.join(Duration.ofSeconds(30));
    }
    Log.info(
        "killed the hub with "
            + held.size()
            + " reservations held, "
            + released.size()
            + " released, "
            + conflicts.get()
            + " refused as conflicts");

    HubProcess second = stage.keep(HubProcess.start(dir, token, Map.of()));
    List<JsonNode> live = live(new HubClient(second));
    Set<String> liveIds = ConcurrentHashMap.newKeySet();
    live.forEach(r -> liveIds.add(r.path("id").asString()));

    List<String> overlapping = overlapsBetweenHolders(live);
    findings.check(
        overlapping.isEmpty(),
        "live reservations after restart: "
            + live.size()
            + ", pairs of different holders that overlap: "
            + overlapping.size()
            + (overlapping.isEmpty() ? "" : " (" + overlapping.getFirst() + ")"));
    long lost = held.stream().filter(id -> !liveIds.contains(id)).count();
    findings.check(
        lost == 0,
        "reservations kept (answered 201, never released): "
            + held.size()
            + ", still held after restart: "
            + (held.size() - lost));
    long revived = released.stream().filter(liveIds::contains).count();
    findings.check(
        revived == 0,
        "releases answered 200: " + released.size() + ", live again after restart: " + revived);
    findings.check(
        !released.isEmpty() && conflicts.get() > 0,
        "the load both granted and refused: "
            + released.size()
            + " released, "
            + conflicts.get()
            + " refused with reservation_conflict");
    findings.note(
        "a release in flight at the kill may have ended its reservation or not; those are not"
            + " counted either way");
  }

  /**
   * One agent's loop until the hub is gone: reserve a random shared glob and release it; and every
   * fourth turn, up to 20 times, reserve a file of its own and keep it, which must outlive the
   * kill.
   */
  private static void reserveAndRelease(
      HubClient client,
      Agent agent,
      AtomicBoolean running,
      Set<String> held,
      Set<String> released,
      AtomicLong conflicts) {
    int kept = 0;
    try (HttpConnection c = HttpConnection.open(client.base())) {
      for (int turn = 0; running.get(); turn++) {
        if (turn % 4 == 3 && kept < KEPT_PER_AGENT) {
          String own = "own/" + agent.name() + "/" + kept++ + ".txt";
          held.add(HubClient.reservationId(c.send(client.reserveRequest(agent, own))));
          continue;
        }
        String glob = GLOBS.get(ThreadLocalRandom.current().nextInt(GLOBS.size()));
        HttpResponse reserved = c.send(client.reserveRequest(agent, glob));
        if (reserved.status() == 409) {
          conflicts.incrementAndGet();
          continue;
        }
        String id = HubClient.reservationId(reserved);
        // from here the release may land or not until it is answered: counted only when answered
        if (c.send(client.releaseRequest(agent, id)).status() == 200) {
          released.add(id);
        }
      }
    } catch (IOException | RuntimeException e) {
      // the hub was killed under this call: whatever it answered before counts
    }
  }

  private static List<JsonNode> live(HubClient client) throws IOException {
    try (HttpConnection c = HttpConnection.open(client.base())) {
      JsonNode answer =
          JSON.readTree(c.send(client.liveReservationsRequest()).expect(200, "list").text());
      List<JsonNode> out = new ArrayList<>();
      answer.path("reservations").forEach(out::add);
      return out;
    }
  }

  /** Pairs of live reservations of different holders with globs some path matches both. */
  private static List<String> overlapsBetweenHolders(List<JsonNode> live) {
    List<String> found = new ArrayList<>();
    for (int i = 0; i < live.size(); i++) {
      for (int j = i + 1; j < live.size(); j++) {
        JsonNode a = live.get(i);
        JsonNode b = live.get(j);
        if (a.path("holder").asString().equals(b.path("holder").asString())) {
          continue;
        }
        for (JsonNode ga : a.path("paths")) {
          for (JsonNode gb : b.path("paths")) {
            if (GlobOverlap.overlaps(PathGlob.of(ga.asString()), PathGlob.of(gb.asString()))) {
              found.add(a.path("id").asString() + " and " + b.path("id").asString());
            }
          }
        }
      }
    }
    return found;
  }
}
