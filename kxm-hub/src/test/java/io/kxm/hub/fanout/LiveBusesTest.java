package io.kxm.hub.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.testkit.Services;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiveBusesTest {

  @Test
  void without_a_redis_url_fan_out_stays_in_process() {
    try (LiveBus bus = LiveBuses.fromEnvironment(Map.of(LiveBuses.REDIS_URL, " "))) {
      assertThat(bus).isInstanceOf(InProcessLiveBus.class);
    }
  }

  @Test
  void a_redis_url_selects_redis_pub_sub() {
    Services.requireRedis();
    try (LiveBus bus =
        LiveBuses.fromEnvironment(Map.of(LiveBuses.REDIS_URL, Services.redisUrl()))) {
      assertThat(bus).isInstanceOf(RedisLiveBus.class);
    }
  }
}
