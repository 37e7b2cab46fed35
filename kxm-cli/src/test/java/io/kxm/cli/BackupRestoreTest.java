package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm backup}, {@code kxm backup verify} and {@code kxm restore} against a real hub in a
 * child JVM: a backup taken while messages are sent holds every message acknowledged before it
 * started, a restored hub in a fresh project and state folder serves them, and a damaged backup is
 * caught and refused.
 */
class BackupRestoreTest {
  private static final String PROJECT = "backup";
  private static final String TOKEN = "kxm_project_backup_test_token_0123456789";

  @TempDir Path dir;

  @Test
  void a_backup_taken_under_load_restores_into_a_fresh_folder_whose_hub_serves_every_message()
      throws Exception {
    Path project = Files.createDirectories(dir.resolve("project"));
    Map<String, String> env = env("state");
    String key = ProjectKeys.key(ProjectKeys.canonical(project));
    try (RunEventStore events = RunEventStore.open(ProjectKeys.eventStore(state("state"), key))) {
      assertThat(events).isNotNull(); // a runtime store of the project, backed up beside the hub's
    }
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    Set<String> beforeBackup;
    AgentKey sink;
    AgentKey sender;
    Path backup = dir.resolve("backup");
    try (ChildHub hub = ChildHub.start(project, env)) {
      PlainHubClient http = new PlainHubClient(hub.url, TOKEN);
      sink = http.register(PROJECT, "sink");
      sender = http.register(PROJECT, "sender");
      AtomicBoolean sending = new AtomicBoolean(true);
      AgentKey from = sender;
      Thread load = Thread.ofVirtual().start(() -> send(http, from, sending, acknowledged));
      await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() >= 50);
      beforeBackup = Set.copyOf(acknowledged);

      CliRun taken =
          CliRun.run(
              env, project, "backup", "--out", backup.toString(), "--include-secrets", "--json");

      int atEnd = acknowledged.size();
      await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() > atEnd);
      sending.set(false);
      load.join();
      assertThat(taken.exitCode()).as(taken.err()).isZero();
      JsonNode summary = Json.read(taken.out());
      assertThat(summary.get("secretsIncluded").asBoolean()).isTrue();
      assertThat(names(summary)).contains("hub", "hub-env", "run-events:" + key);
      assertThat(taken.err()).contains("backup: copying hub");

      CliRun refused = CliRun.run(env, project, "restore", backup.toString());
      assertThat(refused.exitCode()).isEqualTo(1);
      assertThat(refused.err()).contains("restore_owner_running").contains("kxm hub stop");
    }
    assertThat(Files.getPosixFilePermissions(backup))
        .isEqualTo(PosixFilePermissions.fromString("rwx------"));
    assertThat(Files.getPosixFilePermissions(backup.resolve("stores/hub-env")))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));

    CliRun verified = CliRun.run(env, project, "backup", "verify", backup.toString());
    assertThat(verified.exitCode()).as(verified.out()).isZero();
    assertThat(verified.out()).contains("is whole");

    Path fresh = Files.createDirectories(dir.resolve("fresh"));
    Map<String, String> freshEnv = env("fresh-state");
    CliRun dryRun = CliRun.run(freshEnv, fresh, "restore", backup.toString(), "--dry-run");
    assertThat(dryRun.exitCode()).as(dryRun.err()).isZero();
    assertThat(dryRun.out()).contains("would add hub").contains("nothing was changed");
    assertThat(fresh.resolve(".kxm/state/kxm.db")).doesNotExist();
    assertThat(dir.resolve("fresh-state")).doesNotExist();

    CliRun restored = CliRun.run(freshEnv, fresh, "restore", backup.toString(), "--json");
    assertThat(restored.exitCode()).as(restored.err()).isZero();
    assertThat(Json.read(restored.out()).get("restored").asLong()).isPositive();
    assertThat(ProjectKeys.eventStore(state("fresh-state"), key)).exists();
    try (RunEventStore events =
        RunEventStore.open(ProjectKeys.eventStore(state("fresh-state"), key))) {
      assertThat(events).isNotNull();
    }

    try (ChildHub hub = ChildHub.start(fresh, freshEnv)) {
      PlainHubClient http = new PlainHubClient(hub.url, TOKEN);
      List<String> stored = inbox(http, sink);
      assertThat(stored).doesNotHaveDuplicates().containsAll(beforeBackup);
      assertThat(new HashSet<>(acknowledged)).containsAll(stored);
      PlainHubClient.Reply reply =
          http.post(
              "/v1/agents/" + sender.id() + "/messages",
              sender,
              "{\"target\":\"sink\",\"content\":\"after restore\"}");
      assertThat(reply.status()).isEqualTo(201);
    }

    // A second restore over the restored files keeps each one it replaces.
    CliRun again = CliRun.run(freshEnv, fresh, "restore", backup.toString());
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out()).contains("replaced hub");
    try (Stream<Path> files = Files.list(fresh.resolve(".kxm/state"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .anyMatch(name -> name.startsWith("kxm.db.before-restore-"));
    }
  }

  @Test
  void a_damaged_copy_fails_verify_with_its_code_and_restore_refuses_the_backup() throws Exception {
    Path project = Files.createDirectories(dir.resolve("project"));
    Map<String, String> env = env("state");
    hubStoreWithRows(project);
    Path backup = dir.resolve("backup");
    CliRun taken = CliRun.run(env, project, "backup", "--out", backup.toString());
    assertThat(taken.exitCode()).as(taken.err()).isZero();
    assertThat(taken.out()).contains("secrets: left out");
    assertThat(backup.resolve("stores/hub-env")).doesNotExist();
    flipBytes(backup.resolve("stores/hub.db"));

    CliRun verified = CliRun.run(env, project, "backup", "verify", backup.toString(), "--json");
    assertThat(verified.exitCode()).isEqualTo(1);
    JsonNode report = Json.read(verified.out());
    assertThat(report.get("ok").asBoolean()).isFalse();
    assertThat(report.get("findings").get(0).get("store").asString()).isEqualTo("hub");
    assertThat(report.get("findings").get(0).get("code").asString()).isEqualTo("backup_damaged");

    Path fresh = Files.createDirectories(dir.resolve("fresh"));
    CliRun restore = CliRun.run(env("fresh-state"), fresh, "restore", backup.toString());
    assertThat(restore.exitCode()).isEqualTo(1);
    assertThat(restore.err()).contains("backup_damaged").contains("nothing was restored");
    assertThat(fresh.resolve(".kxm")).doesNotExist();
  }

  @Test
  void a_manifest_with_a_field_it_does_not_know_is_refused() throws Exception {
    Path project = Files.createDirectories(dir.resolve("project"));
    Map<String, String> env = env("state");
    hubStoreWithRows(project);
    Path backup = dir.resolve("backup");
    assertThat(CliRun.run(env, project, "backup", "--out", backup.toString()).exitCode()).isZero();
    Path manifest = backup.resolve("manifest.json");
    Files.writeString(
        manifest, Files.readString(manifest).replaceFirst("\\{", "{\"surprise\":true,"));

    CliRun verified = CliRun.run(env, project, "backup", "verify", backup.toString());

    assertThat(verified.exitCode()).isEqualTo(1);
    assertThat(verified.err()).contains("backup_manifest_invalid").contains("surprise");
  }

  private void hubStoreWithRows(Path project) {
    Path db = project.resolve(".kxm/state/kxm.db");
    try (Store store = Stores.open(StoreConfig.sqlite(db), Clock.systemUTC())) {
      store.checkReady();
    }
  }

  private static void flipBytes(Path file) throws IOException {
    long size = Files.size(file);
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      for (long at = 4096; at < size; at += 1024) {
        raf.seek(at);
        raf.write(new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef});
      }
    }
  }

  private Map<String, String> env(String stateFolder) {
    return Map.of(
        "KXM_STATE_HOME", state(stateFolder).root().toString(),
        "KXM_PROJECT_TOKENS", PROJECT + "=" + TOKEN,
        "HOME", dir.toString());
  }

  private io.kxm.core.paths.StatePaths state(String folder) {
    return new io.kxm.core.paths.StatePaths(dir.resolve(folder));
  }

  private static List<String> names(JsonNode summary) {
    List<String> names = new ArrayList<>();
    summary.get("stores").forEach(s -> names.add(s.get("name").asString()));
    return names;
  }

  private static List<String> inbox(PlainHubClient http, AgentKey sink)
      throws IOException, InterruptedException {
    List<String> ids = new ArrayList<>();
    JsonNode inbox = http.get("/v1/agents/" + sink.id() + "/inbox", sink).body().get("messages");
    inbox.forEach(m -> ids.add(m.get("id").asString()));
    return ids;
  }

  private static void send(
      PlainHubClient http, AgentKey sender, AtomicBoolean sending, Set<String> acknowledged) {
    int n = 0;
    while (sending.get()) {
      try {
        PlainHubClient.Reply reply =
            http.post(
                "/v1/agents/" + sender.id() + "/messages",
                sender,
                "{\"target\":\"sink\",\"content\":\"m-" + n++ + "\"}");
        if (reply.status() == 201) {
          acknowledged.add(reply.text("messageId"));
        }
      } catch (IOException | InterruptedException e) {
        return;
      }
    }
  }
}
