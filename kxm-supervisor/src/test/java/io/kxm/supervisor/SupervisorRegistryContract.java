package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SupervisorRegistry} must do, whatever keeps it. A backend subclass opens a
 * fresh registry for each test, and a second handle on the same one for what must outlive a handle.
 */
public abstract class SupervisorRegistryContract {
  private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

  protected SupervisorRegistry registry;

  /** Opens an empty registry, one per test. */
  protected abstract SupervisorRegistry openFresh() throws Exception;

  /** Opens another handle on the registry {@link #openFresh} last opened. */
  protected abstract SupervisorRegistry reopen() throws Exception;

  @BeforeEach
  void open() throws Exception {
    registry = openFresh();
  }

  @AfterEach
  void close() {
    registry.close();
  }

  private static SupervisorRow row(String runtimeId, String state) {
    return new SupervisorRow(runtimeId, 42, 4711, "ab".repeat(32), T0, T0, state);
  }

  @Test
  void a_fresh_registry_has_no_supervisor_and_no_projects() {
    assertThat(registry.supervisor()).isEmpty();
    assertThat(registry.projects()).isEmpty();
    assertThat(registry.project("0".repeat(24))).isEmpty();
    assertThat(registry.projectOfRun("run_unknown")).isEmpty();
  }

  @Test
  void a_claim_replaces_the_row_and_keeps_the_host_clients_use() {
    registry.claim(row("rt_old", "stopped"));
    SupervisorRow next =
        new SupervisorRow("rt_new", 7, 5000, "cd".repeat(32), T0, T0, "running", "10.1.2.3");
    registry.claim(next);

    assertThat(registry.supervisor()).contains(next);
    assertThat(registry.supervisor().orElseThrow().url()).isEqualTo("http://10.1.2.3:5000");
  }

  @Test
  void a_beat_moves_only_the_row_of_its_own_runtime() {
    assertThat(registry.beat("rt_a", T0, "running")).as("nobody claimed it").isFalse();
    registry.claim(row("rt_a", "starting"));
    Instant later = T0.plus(Duration.ofSeconds(5));

    assertThat(registry.beat("rt_a", later, "running")).isTrue();
    registry.claim(row("rt_b", "starting"));
    assertThat(registry.beat("rt_a", later.plusSeconds(5), "draining")).isFalse();

    SupervisorRow now = registry.supervisor().orElseThrow();
    assertThat(now.runtimeId()).isEqualTo("rt_b");
    assertThat(now.state()).isEqualTo("starting");
    assertThat(now.heartbeatAt()).isEqualTo(T0);
  }

  @Test
  void a_beat_records_the_time_and_state() {
    registry.claim(row("rt_a", "starting"));
    Instant later = T0.plus(Duration.ofMinutes(1));

    registry.beat("rt_a", later, "draining");

    SupervisorRow now = registry.supervisor().orElseThrow();
    assertThat(now.heartbeatAt()).isEqualTo(later);
    assertThat(now.state()).isEqualTo("draining");
    assertThat(now.startedAt()).isEqualTo(T0);
  }

  @Test
  void registering_a_root_again_keeps_its_first_entry() {
    Path root = Path.of("/work/project-a");
    ProjectEntry first = registry.register(root, "prj_1", "rt_a", T0);

    ProjectEntry again = registry.register(root, "prj_2", "rt_b", T0.plusSeconds(60));

    assertThat(again).isEqualTo(first);
    assertThat(first.projectKey()).isEqualTo(ProjectEntry.keyOf(root));
    assertThat(registry.project(first.projectKey())).contains(first);
    assertThat(registry.projects()).containsExactly(first);
  }

  @Test
  void projects_list_in_registration_order() {
    ProjectEntry late = registry.register(Path.of("/work/a"), "prj_a", "rt", T0.plusSeconds(10));
    ProjectEntry early = registry.register(Path.of("/work/b"), "prj_b", "rt", T0);
    ProjectEntry middle = registry.register(Path.of("/work/c"), "prj_c", "rt", T0.plusSeconds(5));

    assertThat(registry.projects()).containsExactly(early, middle, late);
  }

  @Test
  void a_run_keeps_the_project_it_was_first_recorded_under() {
    ProjectEntry a = registry.register(Path.of("/work/a"), "prj_a", "rt", T0);
    ProjectEntry b = registry.register(Path.of("/work/b"), "prj_b", "rt", T0);

    registry.recordRun("run_1", a.projectKey());
    registry.recordRun("run_1", b.projectKey());
    registry.recordRun("run_2", b.projectKey());

    assertThat(registry.projectOfRun("run_1")).contains(a.projectKey());
    assertThat(registry.projectOfRun("run_2")).contains(b.projectKey());
  }

  @Test
  void what_one_handle_recorded_another_reads() throws Exception {
    registry.claim(row("rt_a", "running"));
    ProjectEntry entry = registry.register(Path.of("/work/a"), "prj_a", "rt_a", T0);
    registry.recordRun("run_1", entry.projectKey());

    try (SupervisorRegistry other = reopen()) {
      assertThat(other.supervisor()).contains(row("rt_a", "running"));
      assertThat(other.projects()).containsExactly(entry);
      assertThat(other.projectOfRun("run_1")).contains(entry.projectKey());
      assertThat(other.beat("rt_a", T0.plusSeconds(1), "stopped")).isTrue();
    }
    assertThat(registry.supervisor().orElseThrow().state()).isEqualTo("stopped");
  }
}
