package io.kxm.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.testkit.Services;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RedisLiveBusTest {
  private final String prefix = "kxmtest-" + UUID.randomUUID();
  private final String stream = "agent.agt_" + UUID.randomUUID().toString().replace("-", "");
  private RedisClient raw;
  private StatefulRedisConnection<String, String> forger;

  @BeforeEach
  void redis_is_running() {
    Services.requireRedis();
    raw = RedisClient.create(Services.redisUrl());
    forger = raw.connect();
  }

  @AfterEach
  void close_raw_client() {
    if (forger != null) {
      forger.close();
    }
    if (raw != null) {
      raw.shutdown();
    }
  }

  private RedisLiveBus bus(String channelPrefix) {
    return new RedisLiveBus(FanoutSettings.redis(Services.redisUrl(), channelPrefix));
  }

  @Test
  void another_node_hears_only_the_sequence_number_never_the_event() {
    try (RedisLiveBus nodeA = bus(prefix);
        RedisLiveBus nodeB = bus(prefix)) {
      List<String> onB = new CopyOnWriteArrayList<>();
      nodeB.subscribe(stream, recording(onB));

      nodeA.publish(stream, 1, "{\"seq\":1}");
      nodeA.publish(stream, 2, "{\"seq\":2}");

      await().atMost(Duration.ofSeconds(10)).until(() -> onB.size() == 2);
      assertThat(onB).containsExactly("wake:1", "wake:2");
    }
  }

  @Test
  void what_crosses_redis_is_the_channel_of_the_stream_and_its_number_alone() {
    try (RedisLiveBus node = bus(prefix);
        var listen = raw.connectPubSub()) {
      List<String> heard = new CopyOnWriteArrayList<>();
      listen.addListener(
          new io.lettuce.core.pubsub.RedisPubSubAdapter<>() {
            @Override
            public void message(String channel, String message) {
              heard.add(channel + " " + message);
            }
          });
      listen.sync().subscribe(prefix + ":stream:" + stream);

      node.publish(stream, 7, "{\"secret\":\"request body\"}");

      await().atMost(Duration.ofSeconds(10)).until(() -> heard.size() == 1);
      assertThat(heard).containsExactly(prefix + ":stream:" + stream + " 7");
    }
  }

  @Test
  void a_listener_on_the_publishing_node_gets_the_committed_event_directly() {
    try (RedisLiveBus node = bus(prefix)) {
      List<String> seen = new CopyOnWriteArrayList<>();
      node.subscribe(stream, recording(seen));

      node.publish(stream, 1, "{\"seq\":1}");

      assertThat(seen).first().isEqualTo("1:{\"seq\":1}");
    }
  }

  @Test
  void a_forged_event_with_a_body_is_dropped_and_counted_and_the_subscriber_keeps_listening() {
    try (RedisLiveBus node = bus(prefix)) {
      List<String> seen = new CopyOnWriteArrayList<>();
      node.subscribe(stream, recording(seen));
      String channel = prefix + ":stream:" + stream;
      List<String> forged =
          List.of(
              "3\n{\"type\":\"message.queued\",\"data\":{\"message\":{\"content\":\"forged\"}}}",
              "0",
              "-4",
              "+4",
              "04",
              " 4",
              "4 ",
              "4.0",
              "1e3",
              "99999999999999999999",
              "",
              "x".repeat(100_000));
      for (String message : forged) {
        forger.sync().publish(channel, message);
      }
      forger.sync().publish(prefix + ":stream:agent.a:b", "4");
      forger.sync().publish(prefix + ":stream:" + "a".repeat(Wakeup.MAX_STREAM_CHARS + 1), "4");
      forger.sync().publish(channel, "5"); // a well-formed wake-up, published last

      await().atMost(Duration.ofSeconds(10)).until(() -> !seen.isEmpty());
      assertThat(seen).containsExactly("wake:5");
      assertThat(node.droppedWakeups()).isEqualTo(forged.size() + 2);
    }
  }

  @Test
  void deployments_with_different_channel_prefixes_on_one_redis_stay_apart() {
    String otherPrefix = prefix + "-other";
    try (RedisLiveBus first = bus(prefix);
        RedisLiveBus firstPeer = bus(prefix);
        RedisLiveBus other = bus(otherPrefix);
        RedisLiveBus otherPeer = bus(otherPrefix)) {
      List<String> onFirstPeer = new CopyOnWriteArrayList<>();
      List<String> onOtherPeer = new CopyOnWriteArrayList<>();
      firstPeer.subscribe(stream, recording(onFirstPeer));
      otherPeer.subscribe(stream, recording(onOtherPeer));

      first.publish(stream, 1, "{}");
      await().atMost(Duration.ofSeconds(10)).until(() -> onFirstPeer.size() == 1);
      // Redis delivers to each subscriber in publish order: had the first deployment's wake-up
      // reached the other one, it would arrive before this one.
      other.publish(stream, 2, "{}");
      await().atMost(Duration.ofSeconds(10)).until(() -> onOtherPeer.size() == 1);

      assertThat(onFirstPeer).containsExactly("wake:1");
      assertThat(onOtherPeer).containsExactly("wake:2");
      assertThat(otherPeer.droppedWakeups()).isZero();
    }
  }

  @Test
  void a_redis_user_with_a_password_in_the_url_connects_and_fans_out() {
    String user = "kxmtest_" + UUID.randomUUID().toString().replace("-", "");
    String password = "pw-" + UUID.randomUUID();
    forger
        .sync()
        .aclSetuser(
            user,
            io.lettuce.core.AclSetuserArgs.Builder.on()
                .addPassword(password)
                .allKeys()
                .allChannels()
                .allCommands());
    String url =
        "redis://" + user + ":" + password + "@" + Services.REDIS_HOST + ":" + Services.REDIS_PORT;
    try (RedisLiveBus nodeA = new RedisLiveBus(FanoutSettings.redis(url, prefix));
        RedisLiveBus nodeB = new RedisLiveBus(FanoutSettings.redis(url, prefix))) {
      List<String> onB = new CopyOnWriteArrayList<>();
      nodeB.subscribe(stream, recording(onB));

      nodeA.publish(stream, 1, "{}");

      await().atMost(Duration.ofSeconds(10)).until(() -> onB.size() == 1);
      assertThat(FanoutSettings.redis(url, prefix).toString()).doesNotContain(password);
    } finally {
      forger.sync().aclDeluser(user);
    }
  }

  @Test
  void a_wrong_password_is_refused_with_redis_unreachable_and_the_message_hides_it() {
    String user = "kxmtest_" + UUID.randomUUID().toString().replace("-", "");
    String password = "pw-" + UUID.randomUUID();
    forger
        .sync()
        .aclSetuser(
            user,
            io.lettuce.core.AclSetuserArgs.Builder.on()
                .addPassword(password)
                .allKeys()
                .allChannels()
                .allCommands());
    String wrong = "not-" + password;
    String url =
        "redis://" + user + ":" + wrong + "@" + Services.REDIS_HOST + ":" + Services.REDIS_PORT;
    try {
      assertThatThrownBy(() -> new RedisLiveBus(FanoutSettings.redis(url, prefix)))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.REDIS_UNREACHABLE);
                assertThat(e.getMessage()).doesNotContain(wrong).contains("redis://[REDACTED]@");
              });
    } finally {
      forger.sync().aclDeluser(user);
    }
  }

  @Test
  void a_rediss_url_asks_for_tls_and_a_server_without_it_is_refused() {
    String url = "rediss://" + Services.REDIS_HOST + ":" + Services.REDIS_PORT;
    FanoutSettings settings = FanoutSettings.redis(url, prefix);
    assertThat(settings.redisUri().isSsl()).isTrue();
    assertThat(settings.redisUri().getVerifyMode()).isEqualTo(io.lettuce.core.SslVerifyMode.FULL);

    // The shared Redis speaks plain TCP: the TLS handshake fails, and the bus does not open.
    assertThatThrownBy(() -> new RedisLiveBus(settings))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.REDIS_UNREACHABLE));
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

  static LiveListener recording(List<String> into) {
    return new LiveListener() {
      @Override
      public void onEvent(long seq, String envelopeJson) {
        into.add(seq + ":" + envelopeJson);
      }

      @Override
      public void onWake(long seq) {
        into.add("wake:" + seq);
      }

      @Override
      public void onGap() {
        into.add("gap");
      }
    };
  }
}
