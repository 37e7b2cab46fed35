package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fault 6: 20,000 requests go to four recipients while each recipient's client drops its stream
 * after a random handful of events and resumes at once with {@code Last-Event-ID}: over a thousand
 * disconnects in all, and every client must see its events with no gap and no duplicate.
 */
final class ResumeStormFault implements Fault {
  private static final int MESSAGES = 20_000;
  private static final int SINKS = 4;
  private static final int SENDERS = 4;
  private static final int MAX_TAKE = 30;

  @Override
  public int number() {
    return 6;
  }

  @Override
  public String title() {
    return "1,000 random SSE disconnects and resumes during 20,000 events";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    HubProcess hub =
        stage.keep(HubProcess.start(stage.newDir("hub-"), HubProcess.newToken(), Map.of()));
    List<Agent> sinks = Agents.register(hub, "sink", SINKS);
    List<Agent> senders = Agents.register(hub, "sender", SENDERS);
    List<Follower> followers = new ArrayList<>();
    for (int i = 0; i < SINKS; i++) {
      followers.add(
          stage.keep(Follower.dropping(() -> (HubEndpoint) hub, sinks.get(i), 11 + i, MAX_TAKE)));
    }
    AtomicLong turn = new AtomicLong();
    SendLoad load =
        stage.keep(
            new SendLoad(
                    () -> hub, senders, () -> "sink-" + turn.getAndIncrement() % SINKS, "storm")
                .limit(MESSAGES)
                .start());
    load.awaitDone();
    Set<String> acked = new HashSet<>(load.acknowledged());
    boolean allSeen = true;
    for (Follower f : followers) {
      allSeen &= f.awaitCount(MESSAGES / SINKS, Duration.ofSeconds(60));
    }
    for (Follower f : followers) {
      f.close();
    }

    findings.check(
        acked.size() == MESSAGES && load.refusedCount() == 0,
        "sent "
            + count(MESSAGES)
            + ", acknowledged "
            + count(acked.size())
            + ", refused "
            + load.refusals());
    long drops = followers.stream().mapToLong(Follower::ownDrops).sum();
    long connections = followers.stream().mapToLong(Follower::connections).sum();
    findings.check(
        drops >= 1_000,
        "disconnects by the clients " + count(drops) + ", connections " + count(connections));
    Set<String> seen = new HashSet<>();
    long events = 0;
    long duplicates = 0;
    long gaps = 0;
    long twice = 0;
    long expired = 0;
    for (Follower f : followers) {
      seen.addAll(f.ids());
      events += f.events();
      duplicates += f.duplicates();
      gaps += f.gaps();
      twice += f.repeatedIds();
      expired += f.controls();
    }
    long missing = acked.stream().filter(id -> !seen.contains(id)).count();
    findings.check(
        allSeen && missing == 0 && duplicates == 0 && gaps == 0 && twice == 0 && expired == 0,
        "events received "
            + count(events)
            + ", distinct messages "
            + count(seen.size())
            + ", missing "
            + missing
            + ", gaps "
            + gaps
            + ", duplicates "
            + duplicates
            + ", messages seen twice "
            + twice
            + ", expired cursors "
            + expired);
  }
}
