package io.kxm.store.sqlite;

import static io.kxm.testkit.AgentRegistrationBuilder.anAgent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.agent.AgentKeys;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.SettableClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What opening a SQLite store checks and how it sets the connections up. */
class SqliteOpeningTest {
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000);
  @TempDir Path folder;

  private Store open(Path db) {
    return Stores.open(StoreConfig.sqlite(db), clock);
  }

  private static void assertRefused(ThrowingCallable open, ErrorCode code, String mention) {
    assertThatThrownBy(open)
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(code);
              assertThat(e.getMessage()).contains(mention);
            });
  }

  @Test
  void a_new_store_is_created_owner_only_with_every_table_strict() throws IOException {
    // The full-text index's FTS5 table and the shadow tables SQLite keeps for it cannot be STRICT;
    // every table of ours is.
    Path db = folder.resolve("nested/state/kxm.db");
    try (Store store = open(db)) {
      store.checkReady();
      List<String> tables =
          ((SqliteStore) store)
              .readWith(jdbc ->
                  jdbc.list(
                      "SELECT name || ':' || strict AS t FROM pragma_table_list WHERE schema ="
                          + " 'main' AND name NOT LIKE 'sqlite%' AND name <> 'flyway_schema_history'"
                          + " AND name NOT LIKE 'text_doc_fts%'",
                      row -> row.string("t")));
      assertThat(tables)
          .containsExactlyInAnyOrder(
              "agents:1",
              "leases:1",
              "messages:1",
              "send_rates:1",
              "agent_event_seqs:1",
              "agent_events:1",
              "workflow_runs:1",
              "workflow_run_events:1",
              "workflow_journal:1",
              "sync_events:1",
              "runtime_presence:1",
              "context_items:1",
              "context_proposals:1",
              "text_doc:1",
              "hub_tokens:1",
              "signature_digests:1",
              "ops_event_seq:1",
              "ops_events:1",
              "reservations:1",
              "reservation_tokens:1");
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(db)))
        .isEqualTo("rw-------");
  }

  @Test
  void writer_and_readers_run_in_wal_mode_with_the_agreed_settings() {
    try (SqliteStore store = (SqliteStore) open(folder.resolve("kxm.db"))) {
      Map<String, String> expected =
          Map.of(
              "journal_mode",
              "wal",
              "synchronous",
              "1",
              "busy_timeout",
              "5000",
              "foreign_keys",
              "1");
      assertThat(store.pragmas(true)).containsExactlyInAnyOrderEntriesOf(expected);
      assertThat(store.pragmas(false)).containsExactlyInAnyOrderEntriesOf(expected);
    }
  }

  @Test
  void a_database_file_that_is_a_symbolic_link_is_refused() throws IOException {
    Path real = folder.resolve("real.db");
    open(real).close();
    Path link = Files.createSymbolicLink(folder.resolve("kxm.db"), real);

    assertRefused(() -> open(link), ErrorCode.STORE_SYMLINK_REFUSED, link.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"-wal", "-shm"})
  void a_sidecar_that_is_a_symbolic_link_is_refused(String suffix) throws IOException {
    Path db = folder.resolve("kxm.db");
    open(db).close();
    assertThat(folder.resolve("kxm.db" + suffix)).doesNotExist(); // closing removed it
    Path elsewhere = Files.createFile(folder.resolve("elsewhere"));
    Path sidecar = Files.createSymbolicLink(folder.resolve("kxm.db" + suffix), elsewhere);

    assertRefused(() -> open(db), ErrorCode.STORE_SYMLINK_REFUSED, sidecar.toString());
  }

  @Test
  void a_file_that_is_not_a_database_is_reported_corrupt_with_its_path() throws IOException {
    Path db = folder.resolve("kxm.db");
    byte[] garbage = new byte[4096];
    new Random(7).nextBytes(garbage);
    Files.write(db, garbage);

    assertRefused(() -> open(db), ErrorCode.STORE_CORRUPT, db.toString());
  }

  @Test
  void a_damaged_database_behind_a_valid_header_is_reported_corrupt() throws IOException {
    Path db = folder.resolve("kxm.db");
    byte[] file = new byte[8192];
    new Random(11).nextBytes(file);
    byte[] header = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(header, 0, file, 0, header.length);
    Files.write(db, file);

    assertRefused(() -> open(db), ErrorCode.STORE_CORRUPT, db.toString());
  }

  @Test
  void a_folder_that_cannot_be_created_is_reported_with_the_path() throws IOException {
    Path blocker = Files.writeString(folder.resolve("not-a-folder"), "x");

    assertRefused(
        () -> open(blocker.resolve("kxm.db")), ErrorCode.STORE_PATH_UNUSABLE, blocker.toString());
  }

  @Test
  void the_agent_key_never_reaches_the_database_file() throws IOException {
    Path db = folder.resolve("kxm.db");
    String key = AgentKeys.generate();
    try (Store store = open(db)) {
      store.agents().register(anAgent("alice").withKey(key).build());
    }

    String bytes = new String(Files.readAllBytes(db), StandardCharsets.ISO_8859_1);
    assertThat(bytes).doesNotContain(key).contains(AgentKeys.hash(key));
  }

  @Test
  void a_closed_store_refuses_work_as_unavailable() {
    Store store = open(folder.resolve("kxm.db"));
    store.close();

    assertRefused(
        () -> store.agents().findByName("p", "alice"), ErrorCode.STORE_UNAVAILABLE, "closed");
    assertRefused(
        () -> store.agents().register(anAgent("alice").build()),
        ErrorCode.STORE_UNAVAILABLE,
        "closed");
  }
}
