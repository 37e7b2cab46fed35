package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.messaging.SendRate;
import io.kxm.fanout.FanoutSettings;
import io.kxm.fanout.LiveBuses;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.SseStream.Frame;
import io.kxm.hub.support.TestHubs;
import io.kxm.store.PostgresLocation;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hub nodes on one PostgreSQL schema and one Redis: live delivery crosses nodes, and a client
 * whose node goes away resumes on the other without gap or duplicate; the send rate limit of an
 * agent is one bucket whichever node it sends through.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoNodeTest {
  @TempDir static Path dir;
  PostgresSchema schema;
  final SettableClock clock = new SettableClock(MessagingHub.T0);

  @BeforeAll
  void services() {
    Services.requireRedis();
    schema = PostgresSchema.create("two_nodes");
  }

  @AfterAll
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }

  private MessagingHub node(String name) {
    // Long re-checks and heartbeats (each replays from the store): what arrives within
    // seconds came live from the other node through Redis.
    return node(
        name,
        MessagingHub.FAST
            .withAwaitRecheck(Duration.ofMinutes(1))
            .withStreamHeartbeat(Duration.ofSeconds(20)));
  }

  private MessagingHub node(String name, MessagingSettings settings) {
    Store store =
        Stores.open(
            StoreConfig.postgres(
                    new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()))
                .withPoolSize(4),
            clock);
    return MessagingHub.start(
        TestHubs.withTokens(dir.resolve(name)),
        store,
        LiveBuses.open(FanoutSettings.redis(Services.redisUrl(), "kxm")),
        settings,
        clock);
  }

  private static List<Long> seqs(List<Frame> frames) {
    return frames.stream().map(Frame::seq).toList();
  }

  @Test
  void a_request_sent_through_one_node_reaches_a_stream_on_the_other_and_survives_its_loss() {
    List<Long> seen = new ArrayList<>();
    try (MessagingHub nodeA = node("a")) {
      AgentClient alice = nodeA.agent("alice");
      MessagingHub nodeB = node("b");
      AgentClient bobOnB = nodeB.agent("bob");
      String lastSeen;
      try (SseStream stream = bobOnB.events()) {
        String first = alice.sendOk("bob", "one");
        Frame frame = stream.next();
        assertThat(frame.message().path("id").asString()).isEqualTo(first);
        seen.add(frame.seq());
        alice.sendOk("bob", "two");
        alice.sendOk("bob", "three");
        List<Frame> more = stream.next(2);
        seen.addAll(seqs(more));
        lastSeen = more.getLast().id();

        CompletableFuture<Http.Response> waiting =
            CompletableFuture.supplyAsync(() -> alice.await(first, 30_000));
        bobOnB.reply(first, "answered on node B");
        assertThat(waiting.join().json().path("reply").asString()).isEqualTo("answered on node B");

        assertThat(nodeB.hub.stop()).isTrue();
        await().until(stream::ended);
      }

      alice.sendOk("bob", "four while B is down");
      alice.sendOk("bob", "five while B is down");
      AgentClient bobOnA = new AgentClient(nodeA.http, bobOnB);
      try (SseStream resumed = bobOnA.events("", "Last-Event-ID", lastSeen)) {
        seen.addAll(seqs(resumed.next(2)));
        alice.sendOk("bob", "six");
        seen.addAll(seqs(resumed.next(1)));
        assertThat(resumed.pending()).isEmpty();
      }
    }
    assertThat(seen).containsExactlyElementsOf(LongStream.rangeClosed(1, 6).boxed().toList());
  }

  @Test
  void an_agents_send_rate_limit_is_one_bucket_across_both_nodes() {
    MessagingSettings limited = MessagingHub.FAST.withSendRate(new SendRate(60, 2));
    try (MessagingHub nodeA = node("rate-a", limited);
        MessagingHub nodeB = node("rate-b", limited)) {
      AgentClient aliceOnA = nodeA.agent("rate-alice");
      AgentClient bob = nodeA.agent("rate-bob");
      AgentClient aliceOnB = new AgentClient(nodeB.http, aliceOnA);
      aliceOnA.sendOk(bob.name, "one through A");
      aliceOnB.sendOk(bob.name, "two through B");

      for (AgentClient alice : List.of(aliceOnB, aliceOnA)) {
        Http.Response refused = alice.send(bob.name, "a third within the second");
        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(refused.errorCode()).isEqualTo("rate_limited");
        assertThat(refused.header("Retry-After")).isEqualTo("1");
      }
      clock.tick(Duration.ofSeconds(1));
      aliceOnB.sendOk(bob.name, "a token came back");
      assertThat(aliceOnA.send(bob.name, "and was spent on B").status()).isEqualTo(429);
      assertThat(bob.inbox().json().path("messages")).hasSize(3);
    }
  }
}
