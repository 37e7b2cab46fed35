package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.search.RetrievalMode;
import io.kxm.store.sqlite.SqliteSchema;
import io.kxm.testkit.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KnowledgeDatabaseTest {
  @TempDir Path dir;
  private final SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);

  private static NewEntry post(String task, String author, String parent, String content) {
    return new NewEntry(
        EntryType.POST,
        SourcePhases.PER_TASK_FORUM,
        task,
        task,
        1,
        1,
        author,
        parent,
        content,
        null);
  }

  @Test
  void a_new_database_is_private_and_reopens_with_its_entries_and_id() throws Exception {
    Path file = dir.resolve("k/knowledge.db");
    String id;
    KnowledgeEntry added;
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file, clock)) {
      id = db.databaseId();
      added =
          new KnowledgeEntries(db).add(NewEntry.attempt("t1", 1, "alice", "rotate the grid", 0.5));
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file, clock)) {
      assertThat(db.databaseId()).isEqualTo(id).startsWith("kdb_");
      assertThat(new KnowledgeEntries(db).get(added.id())).contains(added);
      int version = db.read(c -> intOf(c.createStatement(), "PRAGMA user_version"));
      assertThat(version).as("Flyway's marker").isEqualTo(SqliteSchema.MARKER_BASE + 2);
      String mode = db.read(c -> stringOf(c.createStatement(), "PRAGMA journal_mode"));
      assertThat(mode).isEqualTo("wal");
    }
  }

  @Test
  void a_symbolic_link_is_refused() throws Exception {
    Path target = dir.resolve("real.db");
    KnowledgeDatabase.open(target, clock).close();
    Path link = Files.createSymbolicLink(dir.resolve("link.db"), target);
    assertThatThrownBy(() -> KnowledgeDatabase.open(link, clock))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_SYMLINK_REFUSED));
  }

  @Test
  void a_file_that_is_not_sqlite_is_refused() throws Exception {
    Path file = dir.resolve("notes.db");
    Files.writeString(file, "not a database at all, just some text");
    assertThatThrownBy(() -> KnowledgeDatabase.open(file, clock))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_CORRUPT));
  }

  @Test
  void every_field_of_an_entry_survives_the_round_trip() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"), clock)) {
      KnowledgeEntries entries = new KnowledgeEntries(db);
      KnowledgeEntry root = entries.add(post("t1", "alice", null, "colours swap pairwise"));
      clock.tick(Duration.ofSeconds(3));
      NewEntry insight =
          new NewEntry(
              EntryType.INSIGHT,
              SourcePhases.CROSS_TASK_FORUM,
              SourcePhases.CROSS_TASK,
              SourcePhases.CROSS_TASK,
              4,
              2,
              "bob",
              root.id(),
              "symmetry first, then colours",
              0.75);
      KnowledgeEntry stored = entries.add(insight);

      KnowledgeEntry read = entries.get(stored.id()).orElseThrow();
      assertThat(read).isEqualTo(stored);
      assertThat(read.type()).isEqualTo(EntryType.INSIGHT);
      assertThat(read.sourcePhase()).isEqualTo("cross_task_forum");
      assertThat(read.taskId()).isEqualTo("__cross_task__");
      assertThat(read.generation()).isEqualTo(4);
      assertThat(read.round()).isEqualTo(2);
      assertThat(read.parentId()).isEqualTo(root.id());
      assertThat(read.score()).isEqualTo(0.75);
      assertThat(read.createdAt()).isEqualTo(clock.instant());
      assertThat(entries.get(root.id()).orElseThrow().score()).isNull();
      assertThat(entries.get("ke_missing")).isEmpty();
    }
  }

  @Test
  void replies_arrange_into_threads_in_the_order_they_were_posted() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"), clock)) {
      KnowledgeEntries entries = new KnowledgeEntries(db);
      KnowledgeEntry a = entries.add(post("t1", "alice", null, "first idea"));
      KnowledgeEntry b = entries.add(post("t1", "bob", null, "second idea"));
      KnowledgeEntry a1 = entries.add(post("t1", "bob", a.id(), "reply to first"));
      KnowledgeEntry a11 = entries.add(post("t1", "alice", a1.id(), "reply to the reply"));
      KnowledgeEntry a2 = entries.add(post("t1", "carol", a.id(), "another reply to first"));
      entries.add(post("t2", "dave", null, "another task's room"));

      List<KnowledgeEntry> room = entries.byRoom("t1", 1);
      assertThat(room)
          .extracting(KnowledgeEntry::id)
          .containsExactly(a.id(), b.id(), a1.id(), a11.id(), a2.id());
      List<ForumThread> threads = ForumThread.of(room);
      assertThat(threads).extracting(t -> t.post().id()).containsExactly(a.id(), b.id());
      ForumThread first = threads.getFirst();
      assertThat(first.replies()).extracting(t -> t.post().id()).containsExactly(a1.id(), a2.id());
      assertThat(first.replies().getFirst().replies())
          .extracting(t -> t.post().id())
          .containsExactly(a11.id());
      assertThat(entries.byTask("t2")).hasSize(1);
    }
  }

  @Test
  void a_reply_to_an_unknown_entry_is_refused_and_changes_nothing() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"), clock)) {
      KnowledgeEntries entries = new KnowledgeEntries(db);
      assertThatThrownBy(() -> entries.add(post("t1", "alice", "ke_nope", "hello")))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.KNOWLEDGE_ENTRY_NOT_FOUND));
      assertThat(entries.byTask("t1")).isEmpty();
    }
  }

  @Test
  void invalid_entries_are_refused_naming_the_field() {
    assertThatThrownBy(() -> post("t1", "alice", null, "x".repeat(32_001)))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.VALUE_TOO_LONG);
              assertThat(e.getMessage()).contains("content").contains("32,000");
            });
    assertThatThrownBy(() -> post(" ", "alice", null, "hello"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.getMessage()).contains("taskId"));
    assertThatThrownBy(() -> NewEntry.attempt("t1", 1, "alice", "hello", 1.5))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE));
  }

  @Test
  void search_ranks_exact_phrases_first_and_reports_its_mode() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"), clock)) {
      KnowledgeEntries entries = new KnowledgeEntries(db);
      KnowledgeEntry loose = entries.add(post("t1", "a", null, "grid colours, then rotate them"));
      KnowledgeEntry exact = entries.add(post("t1", "b", null, "always rotate the grid first"));
      entries.add(post("t1", "c", null, "nothing relevant here"));

      KnowledgeSearch found = entries.search("rotate the grid", 10);
      assertThat(found.mode()).isEqualTo(RetrievalMode.FTS);
      assertThat(found.hits())
          .extracting(h -> h.entry().id())
          .containsExactly(exact.id(), loose.id());
      assertThat(found.hits().getFirst().exactPhrase()).isTrue();

      assertThat(entries.search("   ", 10).mode()).isEqualTo(RetrievalMode.NONE);
      assertThat(entries.search("\"unbalanced OR (NEAR", 10).hits()).isEmpty();
      assertThat(entries.search("rotate", 1).hits()).hasSize(1);
    }
  }

  @Test
  void the_evolve_tables_come_with_a_new_file_from_its_second_migration() {
    Path file = dir.resolve("k.db");
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file, clock)) {
      db.write(c -> {
        try (Statement s = c.createStatement()) {
          s.execute(
              "INSERT INTO evolve_generation (generation, tasks_json, phase, started_at)"
                  + " VALUES (1, '[]', 'attempts', 1)");
        }
        return null;
      });
    }
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file, clock)) {
      int n =
          db.read(c -> {
            try (PreparedStatement s =
                    c.prepareStatement("SELECT count(*) FROM evolve_generation");
                ResultSet rs = s.executeQuery()) {
              rs.next();
              return rs.getInt(1);
            }
          });
      assertThat(n).isEqualTo(1);
    }
  }

  @Test
  void a_failing_write_rolls_back_everything_it_did() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"), clock)) {
      KnowledgeEntries entries = new KnowledgeEntries(db);
      assertThatThrownBy(() ->
              db.write(c -> {
                entries.add(c, post("t1", "alice", null, "kept only if committed"));
                throw new IllegalStateException("boom");
              }))
          .hasMessage("boom");
      assertThat(entries.byTask("t1")).isEmpty();
      assertThat(entries.search("committed", 5).hits()).isEmpty();
    }
  }

  private static int intOf(Statement s, String sql) throws java.sql.SQLException {
    try (s;
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static String stringOf(Statement s, String sql) throws java.sql.SQLException {
    try (s;
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
