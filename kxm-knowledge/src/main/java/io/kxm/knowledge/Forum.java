package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Forum rounds in the knowledge database: opening and closing them, and handing each participant
 * its {@link ForumSession}. A round's state lives in the database, so the orchestrator and a forum
 * MCP server in another process see the same round.
 */
public final class Forum {
  public static final int MAX_PARTICIPANTS = 64;
  public static final int MAX_POSTS_PER_AGENT = 50;
  private static final Pattern AGENT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,79}");

  private final KnowledgeStore db;
  private final KnowledgeEntries entries;

  public Forum(KnowledgeStore db) {
    this.db = db;
    this.entries = new KnowledgeEntries(db);
  }

  KnowledgeStore database() {
    return db;
  }

  KnowledgeEntries entries() {
    return entries;
  }

  /**
   * Opens the room's next round (1 for a new room; rounds number on across generations so one
   * number names one round) for {@code participants}, each allowed {@code maxPostsPerAgent}.
   */
  public RoundState open(
      ForumRoom room, int generation, List<String> participants, int maxPostsPerAgent) {
    Checks.range("generation", generation, 0, 1_000_000);
    Checks.range("maxPostsPerAgent", maxPostsPerAgent, 1, MAX_POSTS_PER_AGENT);
    if (participants == null || participants.isEmpty()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "a forum round needs one participant");
    }
    Checks.range("participants", participants.size(), 1, MAX_PARTICIPANTS);
    Set<String> unique = new LinkedHashSet<>();
    for (String p : participants) {
      unique.add(agentName(p));
    }
    return db.write(c -> {
      int round = nextRound(c, room.id());
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO forum_round (room_id, round, generation, task_id, source_phase,"
                  + " participants, max_posts_per_agent, opened_at) VALUES (?, ?, ?, ?, ?, ?,"
                  + " ?, ?)")) {
        insert.setString(1, room.id());
        insert.setInt(2, round);
        insert.setInt(3, generation);
        insert.setString(4, room.taskId());
        insert.setString(5, room.sourcePhase());
        insert.setString(6, String.join(",", unique));
        insert.setInt(7, maxPostsPerAgent);
        insert.setLong(8, db.clock().millis());
        insert.executeUpdate();
      }
      return find(c, room.id(), round).orElseThrow();
    });
  }

  /** Closes the round for {@code reason}; true when this call closed it, false if it was shut. */
  public boolean close(String roomId, int round, String reason) {
    return db.write(c -> {
      require(c, roomId, round);
      try (PreparedStatement update =
          c.prepareStatement(
              "UPDATE forum_round SET closed_at = ?, close_reason = ?"
                  + " WHERE room_id = ? AND round = ? AND closed_at IS NULL")) {
        update.setLong(1, db.clock().millis());
        update.setString(2, reason);
        update.setString(3, roomId);
        update.setInt(4, round);
        return update.executeUpdate() == 1;
      }
    });
  }

  public Optional<RoundState> round(String roomId, int round) {
    return db.read(c -> find(c, roomId, round));
  }

  /**
   * The tools of {@code agent} in one round. The round must exist ({@code forum_round_not_found})
   * and list the agent ({@code forum_not_a_participant}).
   */
  public ForumSession session(String roomId, int round, String agent) {
    RoundState state = db.read(c -> require(c, roomId, round));
    requireParticipant(state, agent);
    return new ForumSession(this, roomId, round, agent);
  }

  static void requireParticipant(RoundState state, String agent) {
    if (!state.participants().contains(agent)) {
      throw new KxmException(
          ErrorCode.FORUM_NOT_A_PARTICIPANT,
          "agent '"
              + agent
              + "' is not in round "
              + state.round()
              + " of room "
              + state.room().id()
              + "; its participants are "
              + state.participants());
    }
  }

  RoundState require(Connection c, String roomId, int round) throws SQLException {
    return find(c, roomId, round)
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.FORUM_ROUND_NOT_FOUND, "room " + roomId + " has no round " + round));
  }

  static String agentName(String name) {
    if (name == null || !AGENT.matcher(name).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "agent name '"
              + name
              + "' must be 1 to 80 letters, digits, '.', '_', ':' or '-', starting with a letter"
              + " or digit");
    }
    return name;
  }

  private static int nextRound(Connection c, String roomId) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT coalesce(max(round), 0) + 1 FROM forum_round WHERE room_id = ?")) {
      s.setString(1, roomId);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  Optional<RoundState> find(Connection c, String roomId, int round) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT room_id, task_id, source_phase, generation, participants,"
                + " max_posts_per_agent, opened_at, closed_at, close_reason"
                + " FROM forum_round WHERE room_id = ? AND round = ?")) {
      s.setString(1, roomId);
      s.setInt(2, round);
      try (ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        ForumRoom room = new ForumRoom(rs.getString(1), rs.getString(2), rs.getString(3));
        long closed = rs.getLong(8);
        Instant closedAt = rs.wasNull() ? null : Instant.ofEpochMilli(closed);
        return Optional.of(
            new RoundState(
                room,
                round,
                rs.getInt(4),
                Arrays.asList(rs.getString(5).split(",")),
                rs.getInt(6),
                Instant.ofEpochMilli(rs.getLong(7)),
                closedAt,
                rs.getString(9),
                activity(c, roomId, round, "done")));
      }
    }
  }

  static Set<String> activity(Connection c, String roomId, int round, String kind)
      throws SQLException {
    Set<String> agents = new HashSet<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT agent FROM forum_activity WHERE room_id = ? AND round = ? AND kind = ?")) {
      s.setString(1, roomId);
      s.setInt(2, round);
      s.setString(3, kind);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          agents.add(rs.getString(1));
        }
      }
    }
    return agents;
  }

  void record(Connection c, String roomId, int round, String agent, String kind)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO forum_activity (room_id, round, agent, kind, at)"
                + " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
      s.setString(1, roomId);
      s.setInt(2, round);
      s.setString(3, agent);
      s.setString(4, kind);
      s.setLong(5, db.clock().millis());
      s.executeUpdate();
    }
  }
}
