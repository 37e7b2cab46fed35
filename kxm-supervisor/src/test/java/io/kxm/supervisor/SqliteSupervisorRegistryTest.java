package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteSupervisorRegistryTest extends SupervisorRegistryContract {
  @TempDir Path dir;

  @Override
  protected SupervisorRegistry openFresh() {
    return Registry.open(dir.resolve("runtime").resolve("registry.db"));
  }

  @Override
  protected SupervisorRegistry reopen() {
    return openFresh();
  }

  @Test
  void a_client_peeks_the_claimed_row_without_opening_the_registry() {
    Instant now = Instant.parse("2026-02-01T00:00:00Z");
    registry.claim(new SupervisorRow("rt_new", 7, 5000, "abc", now, now, "running", "10.1.2.3"));

    SupervisorRow row = Registry.peek(dir.resolve("runtime").resolve("registry.db")).orElseThrow();

    assertThat(row.host()).isEqualTo("10.1.2.3");
    assertThat(row.url()).isEqualTo("http://10.1.2.3:5000");
  }
}
