package io.kxm.cli.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.hub.HubProcessFile;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.secret.SecureFiles;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.testkit.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks that need a running hub, against a real one on a free port. */
class DoctorLiveHubTest {
  @TempDir Path tmp;
  private Path project;
  private Map<String, String> env;
  private HubServer hub;

  @BeforeEach
  void start_a_hub() throws Exception {
    project = Files.createDirectories(tmp.resolve("project"));
    env = TestEnv.hub(tmp);
    SecureFiles.createPrivateDirectories(tmp.resolve("state"));
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, project), env);
    env.put("KXM_PORT", Integer.toString(hub.port()));
  }

  @AfterEach
  void stop_it() {
    hub.close();
  }

  @Test
  void the_port_held_by_this_projects_hub_is_fine_and_its_clock_agrees() throws Exception {
    claim();

    DoctorReport report = doctor(Clock.systemUTC());

    assertThat(report.withCode("hub_port_this_hub")).hasSize(1);
    assertThat(report.withCode("clock_ok")).hasSize(1);
  }

  @Test
  void a_clock_minutes_ahead_of_the_hub_warns_with_ntp_as_the_fix() throws Exception {
    claim();

    DoctorReport report = doctor(new SettableClock(Instant.now().plus(Duration.ofMinutes(10))));

    Finding skew = report.withCode("clock_skew").getFirst();
    assertThat(skew.severity()).isEqualTo(Severity.WARN);
    assertThat(skew.message()).contains("ahead of the hub at http://127.0.0.1:" + hub.port());
    assertThat(skew.fix()).contains("timedatectl set-ntp true");
  }

  @Test
  void the_port_held_by_a_hub_this_project_did_not_start_is_an_error() throws Exception {
    DoctorReport report = doctor(Clock.systemUTC());

    Finding held = report.withCode("hub_port_held_by_kxm").getFirst();
    assertThat(held.severity()).isEqualTo(Severity.ERROR);
    assertThat(held.message()).contains("pid " + ProcessHandle.current().pid());
    assertThat(held.fix()).contains("kxm hub stop").contains("KXM_PORT");
    assertThat(report.exitCode()).isEqualTo(1);
  }

  private void claim() {
    String url = "http://127.0.0.1:" + hub.port();
    new HubProcessFile(ProcessHandle.current().pid(), "127.0.0.1", hub.port(), url, Instant.now())
        .write(ProjectPaths.fromEnvironment(project, env).hubPidFile());
  }

  private DoctorReport doctor(Clock clock) throws InterruptedException {
    DoctorScope scope =
        new DoctorScope(
            env,
            ProjectPaths.fromEnvironment(project, env),
            StatePaths.fromEnvironment(env),
            clock);
    return Doctor.standard().run(scope);
  }
}
