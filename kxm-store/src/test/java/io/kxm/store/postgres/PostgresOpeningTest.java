package io.kxm.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.PostgresLocation;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** Opening a PostgreSQL store that is not there, and what its description shows. */
class PostgresOpeningTest {

  @Test
  void a_database_that_does_not_answer_at_open_is_unreachable_not_retried() {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    StoreConfig config = StoreConfig.postgres("postgresql://kxm:secret@127.0.0.1:1/kxm");

    assertThatThrownBy(() -> Stores.open(config, Clock.systemUTC()))
        .isInstanceOf(KxmException.class)
        .satisfies(e -> {
          KxmException k = (KxmException) e;
          assertThat(k.code()).isEqualTo(ErrorCode.STORE_UNREACHABLE);
          assertThat(k.getMessage()).contains("127.0.0.1:1").doesNotContain("secret");
          assertThat(k.hint()).doesNotContain("retries by itself");
        });
  }

  @Test
  void a_password_in_the_url_query_is_hidden_from_the_description() {
    PostgresLocation location =
        PostgresLocation.parse(
            "postgresql://db.local:5432/kxm?sslmode=require&password=hunter2&sslpassword=k3y");

    assertThat(location.toString())
        .doesNotContain("hunter2")
        .doesNotContain("k3y")
        .contains("sslmode=require", "password=***");
  }
}
