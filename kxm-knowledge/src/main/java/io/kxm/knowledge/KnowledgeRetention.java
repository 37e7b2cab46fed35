package io.kxm.knowledge;

import io.kxm.core.retention.Purge;
import io.kxm.core.retention.PurgeResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The knowledge database's retention purge ({@code KXM_KNOWLEDGE_RETENTION_MS}). Knowledge is what
 * the product keeps on purpose, so only one kind of entry ages out: the forum posts of a round that
 * closed before the cutoff. A closed round's lesson lives on in its distillation and in the
 * attempts and insights it drew on, which stay; its posts were the discussion that led there. A
 * post another remaining entry names as its parent stays, so no entry loses what it answers; a
 * thread of due posts goes from its last reply up, a level per batch. The round's activity rows go
 * with its posts; the round's own row stays as the record that it ran. Each batch is one {@link
 * KnowledgeStore#write}, with the posts' text index entries.
 */
public final class KnowledgeRetention implements Purge {
  private static final String DUE_POSTS =
      "SELECT k.id FROM knowledge k JOIN forum_round r ON r.room_id = k.room_id AND r.round ="
          + " k.round WHERE k.entry_type = 'post' AND r.closed_at IS NOT NULL AND r.closed_at < ?"
          + " AND NOT EXISTS (SELECT 1 FROM knowledge c WHERE c.parent_id = k.id)"
          + " ORDER BY k.seq LIMIT ?";

  private final String store;
  private final KnowledgeStore db;
  private final Duration retention;

  public KnowledgeRetention(String store, KnowledgeStore db, Duration retention) {
    this.store = store;
    this.db = db;
    this.retention = retention;
  }

  @Override
  public List<PurgeResult> purge(Instant now, boolean dryRun) {
    long cutoff = now.minus(retention).toEpochMilli();
    long removed = 0;
    if (dryRun) {
      // The same deletes in one transaction that is then rolled back: threads that go a level
      // per batch are counted exactly, and nothing changes.
      try {
        db.write(c -> {
          long all = 0;
          int batch;
          do {
            batch = deleteBatch(c, cutoff);
            all += batch;
          } while (batch > 0);
          throw new DryRun(all);
        });
      } catch (DryRun counted) {
        removed = counted.removed;
      }
    } else {
      int batch;
      do {
        batch = db.write(c -> deleteBatch(c, cutoff));
        removed += batch;
      } while (batch > 0);
    }
    return List.of(
        new PurgeResult(
            store,
            "forum posts of closed rounds",
            removed,
            "rounds closed before " + Instant.ofEpochMilli(cutoff)));
  }

  private int deleteBatch(Connection c, long cutoff) throws SQLException {
    List<String> ids = due(c, cutoff, BATCH);
    try (PreparedStatement s = c.prepareStatement("DELETE FROM knowledge WHERE id = ?")) {
      for (String id : ids) {
        db.textIndex().remove(c, KnowledgeEntries.COLLECTION, id);
        s.setString(1, id);
        s.executeUpdate();
      }
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "DELETE FROM forum_activity WHERE EXISTS (SELECT 1 FROM forum_round r"
                + " WHERE r.room_id = forum_activity.room_id"
                + " AND r.round = forum_activity.round"
                + " AND r.closed_at IS NOT NULL AND r.closed_at < ?)")) {
      s.setLong(1, cutoff);
      s.executeUpdate();
    }
    return ids.size();
  }

  /** Carries a dry run's count out of the transaction it rolls back. */
  private static final class DryRun extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long removed;

    DryRun(long removed) {
      super(null, null, false, false);
      this.removed = removed;
    }
  }

  /** Due posts no entry names as its parent, oldest first. */
  private static List<String> due(Connection c, long cutoff, int limit) throws SQLException {
    List<String> ids = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(DUE_POSTS)) {
      s.setLong(1, cutoff);
      s.setInt(2, limit);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getString(1));
        }
      }
    }
    return ids;
  }
}
