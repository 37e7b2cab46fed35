package io.kxm.cli.stores;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.stores.StoreFile.Kind;
import io.kxm.cli.stores.StoreFile.Owner;
import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.secret.SecureFiles;
import io.kxm.knowledge.KnowledgeDatabase;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.supervisor.Registry;
import io.kxm.supervisor.SupervisorPaths;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreInventoryTest {
  @TempDir Path temp;
  private ProjectPaths project;
  private StatePaths state;
  private String key;

  @BeforeEach
  void real_stores_of_a_project_and_a_state_root() throws Exception {
    Path root = Files.createDirectories(temp.resolve("project"));
    project = ProjectPaths.fromEnvironment(root, Map.of());
    state = new StatePaths(temp.resolve("state"));
    key = ProjectKeys.key(ProjectKeys.canonical(root));
    try (Store hub = Stores.open(StoreConfig.sqlite(project.dataPath()), Clock.systemUTC())) {
      hub.checkReady();
    }
    Receipts signer = new Receipts(ReceiptKeys.loadOrCreate(ProjectKeys.receiptKey(state)));
    try (RunEventStore events = RunEventStore.open(ProjectKeys.eventStore(state, key), signer)) {
      assertThat(events).isNotNull();
    }
    SupervisorPaths supervisor = SupervisorPaths.of(state);
    try (SqliteSessionStore sessions =
        SqliteSessionStore.open(supervisor.sessionsDb(), Clock.systemUTC(), signer)) {
      assertThat(sessions).isNotNull();
    }
    try (Registry registry = Registry.open(supervisor.registry())) {
      assertThat(registry).isNotNull();
    }
    try (KnowledgeDatabase knowledge =
        KnowledgeDatabase.open(project.stateDir().resolve("evolve.db"))) {
      assertThat(knowledge).isNotNull();
    }
    SecureFiles.writeOwnerOnly(state.hubEnv(), "{}".getBytes(StandardCharsets.UTF_8));
    SecureFiles.writeOwnerOnly(supervisor.tokenFile(), "t\n".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void every_store_file_is_listed_with_its_kind_and_owner() {
    Map<String, StoreFile> files = byName(inventory(Map.of()));

    assertThat(files)
        .containsKeys(
            "hub",
            "evolve",
            "registry",
            "sessions",
            "session-heads",
            "run-events:" + key,
            "run-heads:" + key,
            "hub-env",
            "supervisor-token",
            "receipt-key",
            "receipt-key.pub");
    assertThat(files.get("hub").path()).isEqualTo(project.dataPath());
    assertThat(files.get("hub").owner()).isEqualTo(Owner.HUB);
    assertThat(files.get("run-events:" + key).path()).isEqualTo(ProjectKeys.eventStore(state, key));
    assertThat(files.get("run-heads:" + key).kind()).isEqualTo(Kind.SQLITE);
    assertThat(files.get("sessions").owner()).isEqualTo(Owner.SUPERVISOR);
    assertThat(files.get("evolve").owner()).isEqualTo(Owner.CLI);
    assertThat(files.get("hub-env").kind()).isEqualTo(Kind.SECRET);
    assertThat(files.get("supervisor-token").kind()).isEqualTo(Kind.SECRET);
    assertThat(files.get("receipt-key").kind()).isEqualTo(Kind.SECRET);
    assertThat(files.get("receipt-key.pub").kind()).isEqualTo(Kind.STATE_FILE);
    assertThat(files).doesNotContainKey("session-token"); // never issued here
  }

  @Test
  void a_postgres_hub_store_is_listed_by_its_location_instead_of_a_file() {
    StoreInventory inventory =
        inventory(Map.of("KXM_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"));

    StoreFile hub = byName(inventory).get("hub");
    assertThat(hub.kind()).isEqualTo(Kind.POSTGRES);
    assertThat(hub.path()).isNull();
    assertThat(inventory.postgres()).isPresent();
    assertThat(inventory.postgres().orElseThrow().jdbcUrl()).contains("127.0.0.1:5432/test");
  }

  @Test
  void a_runtime_on_postgres_lists_its_schema_of_runs_for_pg_dump() {
    StoreInventory inventory =
        inventory(
            Map.of(
                "KXM_RUNTIME_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test",
                "KXM_RUNTIME_DATABASE_SCHEMA", "team"));

    StoreFile runs = byName(inventory).get(StoreInventory.RUNTIME_RUNS);
    assertThat(runs.kind()).isEqualTo(Kind.POSTGRES);
    assertThat(runs.owner()).isEqualTo(Owner.SUPERVISOR);
    assertThat(inventory.postgres(runs).orElseThrow().schema()).isEqualTo("team_runs");
    assertThat(inventory.entry(StoreInventory.RUNTIME_RUNS)).contains(runs);
    assertThat(byName(inventory(Map.of()))).doesNotContainKey(StoreInventory.RUNTIME_RUNS);
  }

  @Test
  void every_sqlite_store_passes_its_check_at_the_newest_schema() {
    StoreCheck check = new StoreCheck();
    for (StoreFile file : inventory(Map.of()).files()) {
      if (file.kind() != Kind.SQLITE) {
        continue;
      }
      StoreHealth health = check.check(file);
      assertThat(health.integrity()).as(file.name()).isEqualTo("ok");
      assertThat(health.schemaVersion()).as(file.name()).contains(health.newestKnown());
      assertThat(health.newerThanCode()).as(file.name()).isFalse();
      assertThat(health.ok()).as(file.name()).isTrue();
    }
    StoreHealth hub = check.check(byName(inventory(Map.of())).get("hub"));
    assertThat(hub.newestKnown()).isGreaterThanOrEqualTo(40);
    assertThat(hub.rowCounts()).containsKey("messages");
    StoreHealth sessions = check.check(byName(inventory(Map.of())).get("sessions"));
    assertThat(sessions.newestKnown()).isEqualTo(SqliteSessionStore.SCHEMA.newest());
  }

  @Test
  void a_file_written_by_a_newer_build_is_reported_newer_than_the_code() throws Exception {
    StoreFile registry = byName(inventory(Map.of())).get("registry");
    int marker = Registry.SCHEMA.marker();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + registry.path())) {
      c.createStatement().execute("PRAGMA user_version = " + (marker + 1));
    }

    StoreHealth health = new StoreCheck().check(registry);

    assertThat(health.intact()).isTrue();
    assertThat(health.schemaVersion()).contains(Registry.SCHEMA.newest() + 1);
    assertThat(health.newerThanCode()).isTrue();
    assertThat(health.ok()).isFalse();
  }

  @Test
  void a_damaged_file_fails_its_check() throws Exception {
    StoreFile hub = byName(inventory(Map.of())).get("hub");
    long size = Files.size(hub.path());
    try (RandomAccessFile file = new RandomAccessFile(hub.path().toFile(), "rw")) {
      // Past the first page, so the header still says SQLite but the tables' pages are garbage.
      for (long at = 4096; at < size; at += 512) {
        file.seek(at);
        file.write(new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef});
      }
    }

    StoreHealth health = new StoreCheck().check(hub);

    assertThat(health.intact()).isFalse();
    assertThat(health.ok()).isFalse();
  }

  @Test
  void a_file_that_is_not_sqlite_gets_the_code_that_says_so() throws Exception {
    StoreFile evolve = byName(inventory(Map.of())).get("evolve");
    Files.writeString(evolve.path(), "not a database at all");

    StoreHealth health = new StoreCheck().check(evolve);

    assertThat(health.intact()).isFalse();
    assertThat(health.problemCode()).contains("store_corrupt");
    assertThat(health.schemaVersion()).isEmpty();
  }

  private StoreInventory inventory(Map<String, String> env) {
    return new StoreInventory(project, state, env);
  }

  private static Map<String, StoreFile> byName(StoreInventory inventory) {
    Map<String, StoreFile> files = new java.util.LinkedHashMap<>();
    inventory.files().forEach(f -> files.put(f.name(), f));
    return files;
  }
}
