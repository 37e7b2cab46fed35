package io.kxm.cli.doctor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.hub.HubProcessFile;
import io.kxm.cli.support.CliRun;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.secret.SecureFiles;
import io.kxm.runtime.process.RunningProcesses;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.supervisor.EngineFactory;
import io.kxm.supervisor.Registry;
import io.kxm.supervisor.SupervisorPaths;
import io.kxm.testkit.Services;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm doctor} over real folders, files and processes: each test plants one problem and
 * checks the finding's code, severity and fix, and the exit code.
 */
class DoctorCommandTest {
  @TempDir Path tmp;
  private Path project;
  private Path state;
  private Map<String, String> env;
  private final List<Process> started = new ArrayList<>();

  @BeforeEach
  void setUp() throws IOException {
    project = Files.createDirectories(tmp.resolve("project"));
    state = tmp.resolve("state");
    SecureFiles.createPrivateDirectories(state);
    SecureFiles.createPrivateDirectories(state.resolve("runtime"));
    env = new HashMap<>();
    env.put("KXM_STATE_HOME", state.toString());
    env.put("HOME", tmp.resolve("home").toString());
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    String bwrap = System.getenv("KXM_SANDBOX_BWRAP");
    if (bwrap != null) {
      env.put("KXM_SANDBOX_BWRAP", bwrap);
    }
    env.put("KXM_PORT", Integer.toString(freePort()));
    // the machine's free space is not this test's business unless a test says so
    env.put(DiskSpaceCheck.ERROR_SETTING, "0");
    env.put(DiskSpaceCheck.WARN_SETTING, "0");
  }

  @AfterEach
  void tearDown() {
    started.forEach(Process::destroyForcibly);
  }

  @Test
  void a_clean_folder_has_no_error_and_exits_0() {
    CliRun.Result run = CliRun.run(env, project, "doctor");

    assertThat(run.exit()).as(run.out()).isZero();
    assertThat(run.out())
        .contains("jdk_found")
        .contains("hub_port_free")
        .contains("secrets_private")
        .contains("no_stale_files")
        .contains("no_orphan_processes")
        .contains("clock_no_hub")
        .doesNotContain("error ");
  }

  @Test
  void json_output_lists_every_finding_with_code_severity_message_and_fix() {
    CliRun.Result run = CliRun.run(env, project, "doctor", "--json");

    JsonNode out = Json.read(run.out());
    assertThat(out.path("ok").asBoolean(false)).isTrue();
    assertThat(out.path("errors").asLong(-1)).isZero();
    assertThat(out.has("warnings")).isTrue();
    JsonNode findings = out.path("findings");
    assertThat(findings.isArray()).isTrue();
    List<String> checks = new ArrayList<>();
    for (JsonNode f : findings) {
      assertThat(f.propertyNames()).containsExactly("check", "code", "severity", "message", "fix");
      assertThat(f.path("severity").asString()).isIn("ok", "warn", "error");
      assertThat(f.path("code").asString()).matches("[a-z_]+");
      assertThat(f.path("message").asString()).isNotBlank();
      if (f.path("severity").asString().equals("ok")) {
        assertThat(f.path("fix").isNull()).isTrue();
      } else {
        assertThat(f.path("fix").asString()).isNotBlank();
      }
      checks.add(f.path("check").asString());
    }
    assertThat(checks)
        .contains(
            "jdk",
            "ports",
            "services",
            "secrets",
            "stale",
            "processes",
            "disk",
            "clock",
            "sandbox");
  }

  @Test
  void a_token_file_readable_by_others_is_an_error_whose_fix_is_chmod_600() throws IOException {
    Path token = state.resolve("runtime").resolve("supervisor.token");
    Files.writeString(token, "x".repeat(43) + "\n");
    Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));

    Report report = doctor();

    assertThat(report.exit).isEqualTo(1);
    JsonNode finding = report.only("secret_file_open");
    assertThat(finding.path("severity").asString()).isEqualTo("error");
    assertThat(finding.path("message").asString()).contains(token.toString()).contains("rw-r--r--");
    assertThat(finding.path("fix").asString()).isEqualTo("chmod 600 " + token);
  }

  @Test
  void a_state_folder_others_can_enter_warns_with_chmod_700_as_its_fix() throws IOException {
    Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxr-xr-x"));

    Report report = doctor();

    JsonNode finding = report.only("secret_folder_open");
    assertThat(finding.path("severity").asString()).isEqualTo("warn");
    assertThat(finding.path("fix").asString()).isEqualTo("chmod 700 " + state);
  }

  @Test
  void a_credential_file_that_is_a_symbolic_link_is_an_error() throws IOException {
    Path real = Files.writeString(tmp.resolve("elsewhere.json"), "{}");
    Path link = Files.createSymbolicLink(state.resolve("hub-env.json"), real);

    Report report = doctor();

    assertThat(report.exit).isEqualTo(1);
    JsonNode finding = report.only("secret_symlink");
    assertThat(finding.path("message").asString()).contains(link.toString());
    assertThat(finding.path("fix").asString())
        .startsWith("mv ")
        .endsWith(link + " (replace the link with its file)");
  }

  @Test
  void a_hub_pid_file_whose_process_is_gone_is_stale_with_rm_as_its_fix() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path pidFile = project.resolve(".kxm/state/hub.json");
    new HubProcessFile(gone.pid(), "127.0.0.1", 7331, "http://127.0.0.1:7331", Instant.now())
        .write(pidFile);

    Report report = doctor();

    JsonNode finding = report.only("hub_pid_stale");
    assertThat(finding.path("severity").asString()).isEqualTo("warn");
    assertThat(finding.path("message").asString()).contains(Long.toString(gone.pid()));
    assertThat(finding.path("fix").asString()).isEqualTo("rm " + pidFile);
    assertThat(report.exit).as("a warning alone does not fail the run").isZero();
  }

  @Test
  void a_gate_process_whose_supervisor_is_gone_is_an_orphan_whose_fix_is_kill() throws Exception {
    Process gate = start("sleep", "600");
    Path records =
        state.resolve("runtime/projects/0123456789abcdef01234567/" + EngineFactory.GATE_PROCESSES);
    // recorded exactly as the supervisor's gate executor records a gate it starts
    new RunningProcesses(records).started(gate.pid(), gate.info().startInstant().orElseThrow());

    Report report = doctor();

    assertThat(report.exit).isEqualTo(1);
    JsonNode finding = report.only("orphan_process");
    assertThat(finding.path("severity").asString()).isEqualTo("error");
    assertThat(finding.path("message").asString())
        .contains("gate process (pid " + gate.pid())
        .contains("no supervisor runs");
    assertThat(finding.path("fix").asString()).isEqualTo("kill " + gate.pid());

    gate.destroyForcibly();
    await().atMost(Duration.ofSeconds(10)).until(() -> !gate.isAlive());
    Report after = doctor();
    assertThat(after.withCode("orphan_process")).isEmpty();
    JsonNode stale = after.only("process_record_stale");
    assertThat(stale.path("fix").asString())
        .isEqualTo("rm " + records.resolve(gate.pid() + ".json"));
  }

  @Test
  void a_record_whose_pid_now_belongs_to_another_program_is_not_an_orphan() throws Exception {
    Process other = start("sleep", "600");
    Path records =
        state.resolve("runtime/projects/0123456789abcdef01234567/" + EngineFactory.GATE_PROCESSES);
    // the same pid, started a minute earlier: the program running now is not the recorded one
    new RunningProcesses(records)
        .started(other.pid(), other.info().startInstant().orElseThrow().minusSeconds(60));

    Report report = doctor();

    assertThat(report.withCode("orphan_process")).isEmpty();
    assertThat(report.only("process_record_stale").path("severity").asString()).isEqualTo("warn");
  }

  @Test
  void a_store_written_by_a_newer_build_is_an_error_whose_fix_is_an_upgrade() throws Exception {
    Path registry = SupervisorPaths.of(new StatePaths(state)).registry();
    try (Registry opened = Registry.open(registry)) {
      assertThat(opened).isNotNull();
    }
    // what a newer build leaves: its own, higher marker in user_version
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + registry)) {
      c.createStatement().execute("PRAGMA user_version = " + (Registry.SCHEMA.marker() + 1));
    }

    Report report = doctor();

    assertThat(report.exit).isEqualTo(1);
    JsonNode finding = report.only("store_schema_newer");
    assertThat(finding.path("severity").asString()).isEqualTo("error");
    assertThat(finding.path("message").asString())
        .contains(registry.toString())
        .contains("schema version " + (Registry.SCHEMA.newest() + 1));
    assertThat(finding.path("fix").asString()).startsWith("upgrade kxm");
  }

  @Test
  void a_damaged_store_is_an_error_whose_fix_is_kxm_restore() throws Exception {
    Path hub = project.resolve(".kxm/state/kxm.db");
    try (Store store = Stores.open(StoreConfig.sqlite(hub), Clock.systemUTC())) {
      store.checkReady();
    }
    long size = Files.size(hub);
    try (RandomAccessFile file = new RandomAccessFile(hub.toFile(), "rw")) {
      // past the header page, so the file still reads as SQLite but its b-trees do not
      for (long at = 4096; at < size; at += 512) {
        file.seek(at);
        file.write(new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef});
      }
    }

    Report report = doctor();

    assertThat(report.exit).isEqualTo(1);
    List<JsonNode> found = new ArrayList<>(report.withCode("store_integrity_failed"));
    found.addAll(report.withCode("store_unreadable"));
    assertThat(found).as(report.json.toString()).hasSize(1);
    assertThat(found.getFirst().path("fix").asString()).startsWith("kxm restore ");
  }

  @Test
  void postgres_that_does_not_answer_is_an_error_naming_where_and_the_setting() throws Exception {
    int closed = freePort();
    env.put("KXM_DATABASE_URL", "postgresql://postgres@127.0.0.1:" + closed + "/test");

    Report report = doctor();

    assertThat(report.exit).isEqualTo(1);
    JsonNode finding = report.only("postgres_unreachable");
    assertThat(finding.path("message").asString()).contains("127.0.0.1:" + closed);
    assertThat(finding.path("fix").asString())
        .contains("start PostgreSQL at 127.0.0.1:" + closed)
        .contains("KXM_DATABASE_URL");
  }

  @Test
  void postgres_that_answers_is_reported_with_its_version() {
    Services.requirePostgres();
    env.put(
        "KXM_DATABASE_URL",
        "postgresql://"
            + Services.PG_USER
            + "@"
            + Services.PG_HOST
            + ":"
            + Services.PG_PORT
            + "/"
            + Services.PG_DATABASE);

    Report report = doctor();

    assertThat(report.only("postgres_ok").path("message").asString()).matches("PostgreSQL \\d+.*");
  }

  @Test
  void redis_is_reported_with_its_version_and_a_closed_port_as_unreachable() throws Exception {
    Services.requireRedis();
    env.put("KXM_REDIS_URL", Services.redisUrl());
    assertThat(doctor().only("redis_ok").path("message").asString()).matches("Redis \\d+.*");

    env.put("KXM_REDIS_URL", "redis://127.0.0.1:" + freePort());
    Report down = doctor();
    assertThat(down.exit).isEqualTo(1);
    assertThat(down.only("redis_unreachable").path("fix").asString()).contains("KXM_REDIS_URL");
  }

  @Test
  void the_hub_port_held_by_a_program_that_is_not_a_hub_names_its_pid() throws Exception {
    try (ServerSocket stranger = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      env.put("KXM_PORT", Integer.toString(stranger.getLocalPort()));

      Report report = doctor();

      assertThat(report.exit).isEqualTo(1);
      JsonNode finding = report.only("hub_port_held_by_other");
      long me = ProcessHandle.current().pid();
      assertThat(finding.path("message").asString()).contains("pid " + me);
      assertThat(finding.path("fix").asString()).startsWith("kill " + me);
    }
  }

  @Test
  void low_disk_space_warns_under_the_threshold_and_errors_under_the_lower_one() {
    env.put(DiskSpaceCheck.WARN_SETTING, Long.toString(Long.MAX_VALUE / (1024 * 1024 * 2)));
    Report low = doctor();
    assertThat(low.withCode("disk_low")).isNotEmpty();
    assertThat(low.withCode("disk_critical")).isEmpty();

    env.put(DiskSpaceCheck.ERROR_SETTING, Long.toString(Long.MAX_VALUE / (1024 * 1024 * 2)));
    Report critical = doctor();
    assertThat(critical.exit).isEqualTo(1);
    assertThat(critical.withCode("disk_critical").getFirst().path("fix").asString())
        .contains("df -h");
  }

  @Test
  void a_lock_sidecar_of_a_store_that_is_gone_is_stale() throws IOException {
    Path lock = state.resolve("runtime/registry.db.lock");
    Files.write(lock, new byte[0]);

    assertThat(doctor().only("lock_orphaned").path("fix").asString()).isEqualTo("rm " + lock);
  }

  @Test
  void an_unusable_setting_is_an_error_finding_and_the_other_checks_still_run() {
    env.put("KXM_PORT", "not-a-port");

    Report report = doctor();

    assertThat(report.exit).isEqualTo(1);
    assertThat(report.only("config_invalid").path("message").asString()).contains("KXM_PORT");
    assertThat(report.withCode("secrets_private")).isNotEmpty();
  }

  private Report doctor() {
    CliRun.Result run = CliRun.run(env, project, "doctor", "--json");
    return new Report(run.exit(), Json.read(run.out()));
  }

  private Process start(String... command) throws IOException {
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    started.add(p);
    return p;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private record Report(int exit, JsonNode json) {
    List<JsonNode> withCode(String code) {
      List<JsonNode> out = new ArrayList<>();
      json.path("findings")
          .forEach(f -> {
            if (f.path("code").asString().equals(code)) {
              out.add(f);
            }
          });
      return out;
    }

    JsonNode only(String code) {
      List<JsonNode> found = withCode(code);
      assertThat(found).as(code + " in " + json).hasSize(1);
      return found.getFirst();
    }
  }
}
