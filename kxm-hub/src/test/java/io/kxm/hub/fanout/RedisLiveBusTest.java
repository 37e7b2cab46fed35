package io.kxm.hub.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.testkit.Services;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RedisLiveBusTest {

  @BeforeEach
  void redis_is_running() {
    Services.requireRedis();
  }

  @Test
  void an_event_published_on_one_node_reaches_a_listener_on_another() {
    String stream = "agent-" + UUID.randomUUID();
    try (RedisLiveBus nodeA = new RedisLiveBus(Services.redisUrl());
        RedisLiveBus nodeB = new RedisLiveBus(Services.redisUrl())) {
      List<String> seen = new CopyOnWriteArrayList<>();
      nodeB.subscribe(stream, recording(seen));

      nodeA.publish(stream, 1, "{\"seq\":1}");
      nodeA.publish(stream, 2, "{\"seq\":2}");

      await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 2);
      assertThat(seen).containsExactly("1:{\"seq\":1}", "2:{\"seq\":2}");
    }
  }

  @Test
  void a_closed_subscription_receives_nothing_more() {
    String stream = "agent-" + UUID.randomUUID();
    try (RedisLiveBus bus = new RedisLiveBus(Services.redisUrl())) {
      List<String> closed = new CopyOnWriteArrayList<>();
      List<String> open = new CopyOnWriteArrayList<>();
      bus.subscribe(stream, recording(closed)).close();
      bus.subscribe(stream, recording(open));

      bus.publish(stream, 7, "{}");

      await().atMost(Duration.ofSeconds(10)).until(() -> open.size() == 1);
      assertThat(closed).isEmpty();
    }
  }

  @Test
  void in_process_bus_delivers_only_to_the_named_stream() {
    try (InProcessLiveBus bus = new InProcessLiveBus()) {
      List<String> a = new CopyOnWriteArrayList<>();
      List<String> b = new CopyOnWriteArrayList<>();
      bus.subscribe("a", recording(a));
      bus.subscribe("b", recording(b));

      bus.publish("a", 1, "x");

      assertThat(a).containsExactly("1:x");
      assertThat(b).isEmpty();
    }
  }

  private static LiveListener recording(List<String> into) {
    return new LiveListener() {
      @Override
      public void onEvent(long seq, String envelopeJson) {
        into.add(seq + ":" + envelopeJson);
      }

      @Override
      public void onGap() {
        into.add("gap");
      }
    };
  }
}
