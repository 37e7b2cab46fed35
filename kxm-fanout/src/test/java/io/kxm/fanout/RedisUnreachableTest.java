package io.kxm.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import org.junit.jupiter.api.Test;

/** A Redis that does not answer when the hub starts is named as such, never as a bug. */
class RedisUnreachableTest {

  @Test
  void a_redis_that_refuses_the_connection_is_redis_unreachable_without_its_password() {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    FanoutSettings settings = FanoutSettings.redis("redis://:s3cret@127.0.0.1:1", "kxm");

    assertThatThrownBy(() -> LiveBuses.open(settings))
        .isInstanceOf(KxmException.class)
        .satisfies(e -> {
          KxmException k = (KxmException) e;
          assertThat(k.code()).isEqualTo(ErrorCode.REDIS_UNREACHABLE);
          assertThat(k.getMessage()).contains("127.0.0.1:1");
          assertThat(k.getMessage()).doesNotContain("s3cret");
        });
  }
}
