package io.kxm.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreConfigTest {
  private final Path root = Path.of("/work/project");

  @Test
  void without_a_database_url_the_store_is_the_projects_sqlite_file() {
    StoreConfig config = StoreConfig.fromEnvironment(root, Map.of());

    assertThat(config.dialect()).isEqualTo(Dialect.SQLITE);
    assertThat(config.sqlitePath()).isEqualTo(Path.of("/work/project/.kxm/state/kxm.db"));
  }

  @Test
  void kxm_data_path_moves_the_sqlite_file() {
    StoreConfig config = StoreConfig.fromEnvironment(root, Map.of("KXM_DATA_PATH", "/data/k.db"));

    assertThat(config.sqlitePath()).isEqualTo(Path.of("/data/k.db"));
  }

  @Test
  void a_postgresql_url_selects_postgres_with_decoded_credentials_and_its_parameters() {
    StoreConfig config =
        StoreConfig.fromEnvironment(
            root,
            Map.of(
                "KXM_DATABASE_URL", "postgresql://kxm:p%40ss@db.local:6432/hub?sslmode=require",
                "KXM_DATABASE_SCHEMA", "kxm"));

    assertThat(config.dialect()).isEqualTo(Dialect.POSTGRES);
    assertThat(config.postgres())
        .isEqualTo(
            new PostgresLocation(
                "jdbc:postgresql://db.local:6432/hub?sslmode=require", "kxm", "p@ss", "kxm"));
  }

  @Test
  void the_short_postgres_scheme_and_a_url_without_credentials_are_accepted() {
    PostgresLocation location = PostgresLocation.parse("postgres://127.0.0.1/test");

    assertThat(location.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1/test");
    assertThat(location.user()).isNull();
    assertThat(location.password()).isNull();
    assertThat(location.schemaOrPublic()).isEqualTo("public");
  }

  @Test
  void descriptions_never_show_the_password() {
    StoreConfig config = StoreConfig.postgres("postgresql://kxm:s3cret@db.local/hub");

    assertThat(config.describe()).contains("db.local").doesNotContain("s3cret");
    assertThat(config.toString()).doesNotContain("s3cret");
  }

  @Test
  void a_password_passed_as_a_url_parameter_is_hidden_from_descriptions_too() {
    StoreConfig config =
        StoreConfig.postgres(
            "postgresql://db.local:5432/kxm?sslmode=require&password=hunter2&sslpassword=k3y");

    assertThat(config.describe())
        .doesNotContain("hunter2")
        .doesNotContain("k3y")
        .contains("sslmode=require", "password=[REDACTED]");
    assertThat(config.toString()).doesNotContain("hunter2").doesNotContain("k3y");
  }

  @Test
  void an_unknown_scheme_or_an_unsafe_schema_name_is_a_configuration_error() {
    assertThatThrownBy(() -> StoreConfig.postgres("mysql://db.local/hub"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID));
    assertThatThrownBy(() -> PostgresLocation.parse("postgres://h/d").withSchema("x; DROP"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID));
  }
}
