package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.testkit.OldFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Registries written before Flyway: version 1 (no host column) and version 2. */
class OldRegistryTest {
  @TempDir Path folder;

  @Test
  void a_version_1_registry_gains_the_host_column_and_keeps_its_rows() {
    Path file = OldFiles.copy("registry-v1.db", folder.resolve("registry.db"));
    assertThat(Registry.peek(file)).as("a client waits for the supervisor to migrate").isEmpty();
    try (Registry registry = Registry.open(file)) {
      SupervisorRow row = registry.supervisor().orElseThrow();
      assertThat(row.runtimeId()).isEqualTo("rt_old");
      assertThat(row.host()).isEqualTo("127.0.0.1");
      assertThat(registry.project("key_old")).isPresent();
    }
    assertThat(OldFiles.backups(folder)).containsExactly("registry.db.v1.bak");
    assertThat(OldFiles.number(file, "PRAGMA user_version")).isEqualTo(Registry.SCHEMA.marker());
    assertThat(Registry.peek(file)).map(SupervisorRow::port).contains(47000);
  }

  @Test
  void a_version_2_registry_is_read_by_clients_before_and_after_its_baseline() {
    Path file = OldFiles.copy("registry-v2.db", folder.resolve("registry.db"));
    assertThat(Registry.peek(file)).map(SupervisorRow::runtimeId).contains("rt_old");
    assertThat(OldFiles.backups(folder)).as("peek changes nothing").isEmpty();
    assertThat(folder.resolve("registry.db.lock"))
        .as("nor takes the migration lock")
        .doesNotExist();
    assertThat(OldFiles.number(file, "PRAGMA user_version")).isEqualTo(2);
    try (Registry registry = Registry.open(file)) {
      assertThat(registry.projects()).hasSize(1);
      assertThat(registry.projectOfRun("run_old_1")).isPresent();
    }
    assertThat(OldFiles.backups(folder)).containsExactly("registry.db.v2.bak");
    // The build before Flyway refuses a user_version above 2 as written by a newer build.
    assertThat(OldFiles.number(file, "PRAGMA user_version")).isEqualTo(1002);
    assertThat(Registry.peek(file)).map(SupervisorRow::runtimeId).contains("rt_old");
  }
}
