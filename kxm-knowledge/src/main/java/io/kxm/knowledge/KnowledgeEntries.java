package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.search.RetrievalMode;
import io.kxm.core.search.SearchHit;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Entries of the knowledge database: adding them (each indexed for full-text search in the same
 * transaction), reading them by id, task or forum room, and searching them.
 */
public final class KnowledgeEntries {
  /** The {@link io.kxm.core.search.TextIndex} collection that holds entries. */
  public static final String COLLECTION = "knowledge";

  /** The most entries one search returns. */
  public static final int MAX_SEARCH_LIMIT = 100;

  private static final String COLUMNS =
      "id, entry_type, source_phase, task_id, room_id, generation, round, author, parent_id,"
          + " content, score, created_at";

  private final KnowledgeStore db;

  public KnowledgeEntries(KnowledgeStore db) {
    this.db = db;
  }

  /** Adds {@code entry} in a transaction of its own and returns it as stored. */
  public KnowledgeEntry add(NewEntry entry) {
    return db.write(c -> add(c, entry));
  }

  /**
   * Adds {@code entry} inside the caller's write transaction, so it commits together with the
   * caller's own rows. A reply's parent must exist ({@code knowledge_entry_not_found}).
   */
  public KnowledgeEntry add(Connection c, NewEntry entry) throws SQLException {
    if (entry.parentId() != null && find(c, entry.parentId()).isEmpty()) {
      throw new KxmException(
          ErrorCode.KNOWLEDGE_ENTRY_NOT_FOUND,
          "entry " + entry.parentId() + " does not exist; a reply needs an existing parent");
    }
    Instant now = Instant.ofEpochMilli(db.clock().millis());
    KnowledgeEntry stored =
        new KnowledgeEntry(
            Ids.next("ke", db.clock()),
            entry.type(),
            entry.sourcePhase(),
            entry.taskId(),
            entry.roomId(),
            entry.generation(),
            entry.round(),
            entry.author(),
            entry.parentId(),
            entry.content(),
            entry.score(),
            now);
    insert(c, stored);
    return stored;
  }

  /**
   * Stores {@code entry} with its own id unless an entry with that id exists; true when it was
   * added. Bundles import this way, so importing one twice adds nothing the second time.
   */
  boolean insertIfAbsent(Connection c, KnowledgeEntry entry) throws SQLException {
    if (find(c, entry.id()).isPresent()) {
      return false;
    }
    insert(c, entry);
    return true;
  }

  public Optional<KnowledgeEntry> get(String id) {
    return db.read(c -> find(c, id));
  }

  /** Every entry about {@code taskId}, oldest first. */
  public List<KnowledgeEntry> byTask(String taskId) {
    return db.read(c -> byTask(c, taskId));
  }

  /** {@link #byTask(String)} inside the caller's transaction. */
  public List<KnowledgeEntry> byTask(Connection c, String taskId) throws SQLException {
    return select(c, "WHERE task_id = ? ORDER BY seq", taskId);
  }

  /** The posts and insights of one forum round, oldest first. */
  public List<KnowledgeEntry> byRoom(String roomId, int round) {
    return db.read(c -> byRoom(c, roomId, round));
  }

  /** {@link #byRoom(String, int)} inside the caller's transaction. */
  public List<KnowledgeEntry> byRoom(Connection c, String roomId, int round) throws SQLException {
    return select(c, "WHERE room_id = ? AND round = ? ORDER BY seq", roomId, round);
  }

  /** Every post and insight of a room, all rounds, oldest first. */
  public List<KnowledgeEntry> byRoom(Connection c, String roomId) throws SQLException {
    return select(c, "WHERE room_id = ? ORDER BY seq", roomId);
  }

  /**
   * The distillations for {@code taskId} and those broadcast to every task, oldest first; every
   * distillation when {@code taskId} is null.
   */
  public List<KnowledgeEntry> distillations(Connection c, String taskId) throws SQLException {
    if (taskId == null) {
      return select(c, "WHERE entry_type = 'distillation' ORDER BY seq");
    }
    return select(
        c,
        "WHERE entry_type = 'distillation' AND task_id IN (?, ?) ORDER BY seq",
        taskId,
        SourcePhases.CROSS_TASK);
  }

  /**
   * Full-text search over every entry's content: exact phrases first, then token relevance. A blank
   * query searches nothing and answers mode {@code none}.
   */
  public KnowledgeSearch search(String query, int limit) {
    return db.read(c -> search(c, query, limit));
  }

  /** {@link #search(String, int)} inside the caller's transaction. */
  public KnowledgeSearch search(Connection c, String query, int limit) throws SQLException {
    Checks.range("limit", limit, 1, MAX_SEARCH_LIMIT);
    if (query == null || query.isBlank()) {
      return new KnowledgeSearch(RetrievalMode.NONE, List.of());
    }
    Checks.text("query", query, 2_000);
    List<KnowledgeSearch.Hit> hits = new ArrayList<>();
    for (SearchHit hit : db.textIndex().search(c, COLLECTION, query, limit)) {
      find(c, hit.docId())
          .ifPresent(e -> hits.add(new KnowledgeSearch.Hit(e, hit.exactPhrase(), hit.relevance())));
    }
    return new KnowledgeSearch(RetrievalMode.FTS, hits);
  }

  /** The entry with {@code id}, inside the caller's transaction. */
  public Optional<KnowledgeEntry> find(Connection c, String id) throws SQLException {
    List<KnowledgeEntry> found = select(c, "WHERE id = ?", id);
    return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
  }

  private void insert(Connection c, KnowledgeEntry e) throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO knowledge ("
                + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      insert.setString(1, e.id());
      insert.setString(2, e.type().wireName());
      insert.setString(3, e.sourcePhase());
      insert.setString(4, e.taskId());
      insert.setString(5, e.roomId());
      insert.setInt(6, e.generation());
      insert.setInt(7, e.round());
      insert.setString(8, e.author());
      insert.setString(9, e.parentId());
      insert.setString(10, e.content());
      if (e.score() == null) {
        insert.setNull(11, Types.REAL);
      } else {
        insert.setDouble(11, e.score());
      }
      insert.setLong(12, e.createdAt().toEpochMilli());
      insert.executeUpdate();
    }
    db.textIndex().put(c, COLLECTION, e.id(), e.content());
  }

  private static List<KnowledgeEntry> select(Connection c, String where, Object... args)
      throws SQLException {
    List<KnowledgeEntry> out = new ArrayList<>();
    try (PreparedStatement select =
        c.prepareStatement("SELECT " + COLUMNS + " FROM knowledge " + where)) {
      for (int i = 0; i < args.length; i++) {
        select.setObject(i + 1, args[i]);
      }
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          out.add(row(rs));
        }
      }
    }
    return out;
  }

  private static KnowledgeEntry row(ResultSet rs) throws SQLException {
    double score = rs.getDouble(11);
    Double boxed = rs.wasNull() ? null : score;
    return new KnowledgeEntry(
        rs.getString(1),
        EntryType.fromWire(rs.getString(2)),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        rs.getInt(6),
        rs.getInt(7),
        rs.getString(8),
        rs.getString(9),
        rs.getString(10),
        boxed,
        Instant.ofEpochMilli(rs.getLong(12)));
  }
}
