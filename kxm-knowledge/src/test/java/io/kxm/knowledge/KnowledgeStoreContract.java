package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.search.RetrievalMode;
import io.kxm.testkit.SettableClock;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link KnowledgeStore} must do, whatever keeps it, as entries and forum rounds use it.
 * A backend subclass opens a fresh store for each test, and more handles on the same one to stand
 * for the other processes that write it (each agent's forum MCP server).
 */
public abstract class KnowledgeStoreContract {
  protected final SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);
  protected KnowledgeStore db;
  protected KnowledgeEntries entries;

  /** Opens an empty store, one per test. */
  protected abstract KnowledgeStore openFresh(Clock clock) throws Exception;

  /** Opens another handle on the store {@link #openFresh} last opened. */
  protected abstract KnowledgeStore reopen(Clock clock) throws Exception;

  @BeforeEach
  void open() throws Exception {
    db = openFresh(clock);
    entries = new KnowledgeEntries(db);
  }

  @AfterEach
  void close() {
    db.close();
  }

  protected static NewEntry post(String task, String author, String parent, String content) {
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
  void every_field_of_an_entry_survives_the_round_trip() {
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

  @Test
  void replies_arrange_into_threads_in_the_order_they_were_posted() {
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

  @Test
  void a_reply_to_an_unknown_entry_is_refused_and_changes_nothing() {
    assertThatThrownBy(() -> entries.add(post("t1", "alice", "ke_nope", "hello")))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.KNOWLEDGE_ENTRY_NOT_FOUND));
    assertThat(entries.byTask("t1")).isEmpty();
  }

  @Test
  void search_ranks_exact_phrases_first_and_reports_its_mode() {
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

  @Test
  void a_failing_write_rolls_back_everything_it_did() {
    assertThatThrownBy(() ->
            db.write(c -> {
              entries.add(c, post("t1", "alice", null, "kept only if committed"));
              throw new IllegalStateException("boom");
            }))
        .hasMessage("boom");

    assertThat(entries.byTask("t1")).isEmpty();
    assertThat(entries.search("committed", 5).hits()).isEmpty();
  }

  @Test
  void another_feature_keeps_its_own_table_beside_the_entries() throws Exception {
    db.write(c -> {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE IF NOT EXISTS feature_rows (n INTEGER PRIMARY KEY)");
        s.execute("INSERT INTO feature_rows (n) VALUES (1)");
      }
      return null;
    });

    try (KnowledgeStore other = reopen(clock)) {
      int rows = other.read(c -> count(c.createStatement(), "feature_rows"));
      assertThat(rows).isEqualTo(1);
    }
  }

  @Test
  void entries_and_the_database_id_outlive_the_handle_that_wrote_them() throws Exception {
    KnowledgeEntry added = entries.add(NewEntry.attempt("t1", 1, "alice", "rotate the grid", 0.5));
    String id = db.databaseId();
    db.close();

    db = reopen(clock);
    entries = new KnowledgeEntries(db);
    assertThat(db.databaseId()).isEqualTo(id).startsWith("kdb_");
    assertThat(entries.get(added.id())).contains(added);
    assertThat(entries.search("rotate", 5).hits()).hasSize(1);
  }

  @Test
  void a_closed_store_refuses_reads_and_writes() throws Exception {
    KnowledgeStore closed = reopen(clock);
    closed.close();

    assertThatThrownBy(() -> closed.read(c -> 1))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.RUNTIME_STORE_FAILED));
    assertThatThrownBy(() -> new KnowledgeEntries(closed).add(post("t1", "a", null, "late")))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.RUNTIME_STORE_FAILED));
    assertThat(entries.byTask("t1")).isEmpty();
  }

  @Test
  void writes_that_read_first_from_two_handles_never_lose_an_update() throws Exception {
    db.write(c -> {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY, n INTEGER)");
        s.execute("INSERT INTO counter (id, n) VALUES (1, 0)");
      }
      return null;
    });
    int perWriter = 25;
    try (KnowledgeStore other = reopen(clock);
        ExecutorService pool = Executors.newFixedThreadPool(2)) {
      CyclicBarrier start = new CyclicBarrier(2);
      List<Future<Void>> writers = new ArrayList<>();
      for (KnowledgeStore handle : List.of(db, other)) {
        writers.add(
            pool.submit(() -> {
              start.await();
              for (int i = 0; i < perWriter; i++) {
                handle.write(c -> increment(c));
              }
              return null;
            }));
      }
      for (Future<Void> writer : writers) {
        writer.get();
      }
    }

    int n =
        db.read(c -> {
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT n FROM counter WHERE id = 1")) {
            rs.next();
            return rs.getInt(1);
          }
        });
    assertThat(n).isEqualTo(2 * perWriter);
  }

  @Test
  void a_forum_round_lives_in_the_store_so_every_handle_sees_it() throws Exception {
    ForumRoom room = ForumRoom.perTask("t1");
    RoundState opened = new Forum(db).open(room, 1, List.of("alice", "bob"), 5);

    try (KnowledgeStore other = reopen(clock)) {
      Forum elsewhere = new Forum(other);
      assertThat(elsewhere.round(room.id(), opened.round())).contains(opened);
      assertThat(elsewhere.close(room.id(), opened.round(), "all_done")).isTrue();
    }

    assertThat(new Forum(db).close(room.id(), opened.round(), "timeout")).isFalse();
    RoundState closed = new Forum(db).round(room.id(), opened.round()).orElseThrow();
    assertThat(closed.isOpen()).isFalse();
    assertThat(closed.closeReason()).isEqualTo("all_done");
    assertThat(new Forum(db).open(room, 1, List.of("alice"), 5).round())
        .isEqualTo(opened.round() + 1);
  }

  private static Void increment(java.sql.Connection c) throws SQLException {
    int n;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT n FROM counter WHERE id = 1")) {
      rs.next();
      n = rs.getInt(1);
    }
    try (PreparedStatement u = c.prepareStatement("UPDATE counter SET n = ? WHERE id = 1")) {
      u.setInt(1, n + 1);
      u.executeUpdate();
    }
    return null;
  }

  private static int count(Statement s, String table) throws SQLException {
    try (s;
        ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
