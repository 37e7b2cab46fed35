package io.kxm.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.testkit.Services;
import org.junit.jupiter.api.Test;

class LiveBusesTest {

  @Test
  void without_a_redis_url_fan_out_stays_in_process() {
    try (LiveBus bus = LiveBuses.open(new FanoutSettings(" ", "kxm"))) {
      assertThat(bus).isInstanceOf(InProcessLiveBus.class);
    }
  }

  @Test
  void a_redis_url_selects_redis_pub_sub() {
    Services.requireRedis();
    try (LiveBus bus = LiveBuses.open(FanoutSettings.redis(Services.redisUrl(), "kxm"))) {
      assertThat(bus).isInstanceOf(RedisLiveBus.class);
    }
  }

  @Test
  void a_url_that_is_not_redis_is_refused_without_showing_it() {
    for (String url :
        new String[] {
          "http://user:hunter2@host", "redis://", "redis://user:hunter2@", "hunter2 not a url"
        }) {
      assertThatThrownBy(() -> new FanoutSettings(url, "kxm"))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                assertThat(e.getMessage()).startsWith("KXM_REDIS_URL").doesNotContain("hunter2");
              });
    }
  }

  @Test
  void a_channel_prefix_that_could_reach_another_deployment_is_refused() {
    for (String prefix : new String[] {"", "a:b", "kxm*", "k?m", "[k]", "a b", "x".repeat(65)}) {
      assertThatThrownBy(() -> new FanoutSettings(null, prefix))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                assertThat(e.getMessage()).startsWith("KXM_REDIS_CHANNEL_PREFIX");
              });
    }
  }

  @Test
  void settings_print_the_url_without_its_password() {
    FanoutSettings settings =
        FanoutSettings.redis("rediss://alice:hunter2@redis.internal:6380", "a");
    assertThat(settings.toString())
        .doesNotContain("hunter2")
        .doesNotContain("alice")
        .contains("rediss://[REDACTED]@redis.internal:6380");
  }
}
