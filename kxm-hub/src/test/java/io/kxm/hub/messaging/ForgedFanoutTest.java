package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.fanout.FanoutSettings;
import io.kxm.fanout.LiveBus;
import io.kxm.fanout.LiveBuses;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.SseStream.Frame;
import io.kxm.hub.support.TestHubs;
import io.kxm.store.PostgresLocation;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import io.kxm.testkit.SettableClock;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.sync.RedisCommands;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hub nodes on one PostgreSQL schema and one Redis, and a third party that publishes on the
 * deployment's channels: what it publishes reaches no stream, and the real events that later take
 * the numbers it claimed arrive live.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ForgedFanoutTest {
  @TempDir static Path dir;
  PostgresSchema schema;
  final SettableClock clock = new SettableClock(MessagingHub.T0);
  final String prefix = "kxmtest-" + UUID.randomUUID();

  @BeforeAll
  void services() {
    Services.requireRedis();
    schema = PostgresSchema.create("forged_fanout");
  }

  @AfterAll
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }

  private MessagingHub node(String name, LiveBus bus) {
    return MessagingHub.start(
        TestHubs.withTokens(dir.resolve(name)),
        Stores.open(
            StoreConfig.postgres(
                    new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()))
                .withPoolSize(4),
            clock),
        bus,
        // Heartbeats (each a replay) far beyond the wait for a frame: what arrives came live.
        MessagingHub.FAST
            .withAwaitRecheck(Duration.ofMinutes(1))
            .withStreamHeartbeat(Duration.ofSeconds(20)),
        clock);
  }

  @Test
  void a_forged_publish_reaches_no_stream_and_the_real_event_with_its_number_arrives_live() {
    RedisClient raw = RedisClient.create(Services.redisUrl());
    LiveBus busOfB = LiveBuses.open(FanoutSettings.redis(Services.redisUrl(), prefix));
    List<Frame> frames = new ArrayList<>();
    try (var forger = raw.connect();
        MessagingHub nodeA =
            node("a", LiveBuses.open(FanoutSettings.redis(Services.redisUrl(), prefix)));
        MessagingHub nodeB = node("b", busOfB)) {
      RedisCommands<String, String> publish = forger.sync();
      AgentClient alice = nodeA.agent("alice");
      AgentClient bobOnB = nodeB.agent("bob");
      String channel = prefix + ":stream:agent." + bobOnB.id;
      try (SseStream stream = bobOnB.events()) {
        alice.sendOk("bob", "one");
        frames.add(stream.next());
        long next = frames.getFirst().seq() + 1;

        // An event with a body under the number the next real event will take, as fan-out once
        // carried them, and a bare claim far ahead of the store.
        publish.publish(
            channel,
            next
                + "\n{\"type\":\"message.queued\",\"data\":{\"message\":{\"id\":\"msg_forged\","
                + "\"content\":\"forged\"}}}");
        publish.publish(channel, Long.toString(next + 2));
        await().atMost(Duration.ofSeconds(10)).until(() -> busOfB.droppedWakeups() == 1);

        alice.sendOk("bob", "two");
        alice.sendOk("bob", "three");
        alice.sendOk("bob", "four");
        frames.addAll(stream.next(3));
        assertThat(stream.pending()).isEmpty();
      }
    } finally {
      raw.shutdown();
    }
    assertThat(frames)
        .extracting(frame -> frame.message().path("content").asString())
        .containsExactly("one", "two", "three", "four");
    long first = frames.getFirst().seq();
    assertThat(frames)
        .extracting(Frame::seq)
        .containsExactly(first, first + 1, first + 2, first + 3);
  }
}
