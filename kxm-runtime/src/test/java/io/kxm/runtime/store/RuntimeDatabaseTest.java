package io.kxm.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuntimeDatabaseTest {

  @Test
  void without_a_url_the_runtime_stays_on_sqlite() {
    RuntimeDatabase database = RuntimeDatabase.fromEnvironment(Map.of());
    assertThat(database.onPostgres()).isFalse();
    assertThat(database).hasToString("sqlite");
  }

  @Test
  void a_url_puts_each_store_in_its_own_schema_and_hides_the_password() {
    RuntimeDatabase database =
        RuntimeDatabase.fromEnvironment(
            Map.of(
                RuntimeDatabase.URL, "postgresql://kxm:s3cret@db.local:5432/team",
                RuntimeDatabase.SCHEMA, "acme"));
    assertThat(database.schemaFor("sessions").schema()).isEqualTo("acme_sessions");
    assertThat(database.schemaFor("runs").jdbcUrl())
        .isEqualTo("jdbc:postgresql://db.local:5432/team");
    assertThat(database.toString()).doesNotContain("s3cret");
  }

  @Test
  void a_schema_prefix_that_is_not_a_plain_name_is_refused_at_start() {
    assertThatThrownBy(() ->
            RuntimeDatabase.fromEnvironment(
                Map.of(
                    RuntimeDatabase.URL, "postgresql://db.local/team",
                    RuntimeDatabase.SCHEMA, "Acme; DROP")))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID));
  }

  @Test
  void a_url_of_another_kind_is_refused() {
    assertThatThrownBy(
            () -> RuntimeDatabase.fromEnvironment(Map.of(RuntimeDatabase.URL, "mysql://db/x")))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
              assertThat(e.getMessage()).contains(RuntimeDatabase.URL);
            });
  }
}
