package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * The forum toolset of one agent in one round: {@code query}, {@code forum_read}, {@code
 * knowledge}, {@code forum_post} and {@code forum_signal_done}. A post must follow a {@code query}
 * or {@code knowledge} call by the same agent in the same round, so agents read before they write.
 */
public final class ForumSession {
  public static final int MAX_KNOWLEDGE_LIMIT = 100;
  public static final int MAX_READ = 200;
  private static final Set<EntryType> TASK_KNOWLEDGE =
      Set.of(EntryType.ATTEMPT, EntryType.INSIGHT, EntryType.DISTILLATION);
  private static final String RETRIEVED = "retrieved";
  private static final String DONE = "done";

  private final Forum forum;
  private final String roomId;
  private final int round;
  private final String agent;

  ForumSession(Forum forum, String roomId, int round, String agent) {
    this.forum = forum;
    this.roomId = roomId;
    this.round = round;
    this.agent = agent;
  }

  public String roomId() {
    return roomId;
  }

  public int round() {
    return round;
  }

  public String agent() {
    return agent;
  }

  /** The round as stored now. */
  public RoundState state() {
    return forum.database().read(c -> forum.require(c, roomId, round));
  }

  /** Searches all knowledge; counts as this round's retrieval. */
  public KnowledgeSearch query(String query, int limit) {
    Checks.text("query", query, 2_000);
    return forum
        .database()
        .write(c -> {
          KnowledgeSearch found = forum.entries().search(c, query, limit);
          forum.record(c, roomId, round, agent, RETRIEVED);
          return found;
        });
  }

  /**
   * The room's posts and insights, threaded; only round {@code onlyRound} when it is not 0. At most
   * the newest {@link #MAX_READ} are read, so a long-running room cannot flood an agent's context.
   */
  public List<ForumThread> read(int onlyRound) {
    Checks.range("round", onlyRound, 0, 1_000_000);
    List<KnowledgeEntry> posts =
        forum
            .database()
            .read(c ->
                onlyRound == 0
                    ? forum.entries().byRoom(c, roomId)
                    : forum.entries().byRoom(c, roomId, onlyRound));
    return ForumThread.of(posts.subList(Math.max(0, posts.size() - MAX_READ), posts.size()));
  }

  /**
   * The attempts, insights and distillations of {@code taskId} (the room's task when null), the
   * newest {@code limit}, oldest first; counts as this round's retrieval.
   */
  public List<KnowledgeEntry> knowledge(String taskId, int limit) {
    Checks.range("limit", limit, 1, MAX_KNOWLEDGE_LIMIT);
    return forum
        .database()
        .write(c -> {
          String task =
              taskId == null
                  ? forum.require(c, roomId, round).room().taskId()
                  : Checks.text("taskId", taskId, Checks.MAX_ID);
          List<KnowledgeEntry> all =
              forum.entries().byTask(c, task).stream()
                  .filter(e -> TASK_KNOWLEDGE.contains(e.type()))
                  .toList();
          forum.record(c, roomId, round, agent, RETRIEVED);
          return all.subList(Math.max(0, all.size() - limit), all.size());
        });
  }

  /**
   * Posts {@code text}, as a reply when {@code replyTo} names a post of this room, and as an
   * insight when {@code insight}. Refused when the round closed ({@code forum_round_closed}), when
   * the agent has not retrieved this round ({@code forum_retrieval_required}) or has used its posts
   * ({@code forum_post_limit_reached}).
   */
  public KnowledgeEntry post(String text, String replyTo, boolean insight) {
    Checks.text("text", text, Checks.MAX_CONTENT);
    Checks.optionalText("replyTo", replyTo, Checks.MAX_ID);
    return forum.database().write(c -> post(c, text, replyTo, insight));
  }

  private KnowledgeEntry post(Connection c, String text, String replyTo, boolean insight)
      throws SQLException {
    RoundState state = forum.require(c, roomId, round);
    requireOpen(state);
    if (!Forum.activity(c, roomId, round, RETRIEVED).contains(agent)) {
      throw new KxmException(
          ErrorCode.FORUM_RETRIEVAL_REQUIRED,
          "agent '"
              + agent
              + "' has not called query or knowledge in round "
              + round
              + " of room "
              + roomId);
    }
    int used = postsBy(c);
    if (used >= state.maxPostsPerAgent()) {
      throw new KxmException(
          ErrorCode.FORUM_POST_LIMIT_REACHED,
          "agent '"
              + agent
              + "' made "
              + used
              + " posts in round "
              + round
              + " of room "
              + roomId
              + "; the limit is "
              + state.maxPostsPerAgent());
    }
    if (replyTo != null) {
      boolean inRoom =
          forum.entries().find(c, replyTo).map(e -> roomId.equals(e.roomId())).orElse(false);
      if (!inRoom) {
        throw new KxmException(
            ErrorCode.KNOWLEDGE_ENTRY_NOT_FOUND,
            "room " + roomId + " has no post " + replyTo + " to reply to");
      }
    }
    NewEntry entry =
        new NewEntry(
            insight ? EntryType.INSIGHT : EntryType.POST,
            state.room().sourcePhase(),
            state.room().taskId(),
            roomId,
            state.generation(),
            round,
            agent,
            replyTo,
            text,
            null);
    return forum.entries().add(c, entry);
  }

  /** Records that this agent is done with the round; returns the round as it stands then. */
  public RoundState signalDone() {
    return forum
        .database()
        .write(c -> {
          requireOpen(forum.require(c, roomId, round));
          forum.record(c, roomId, round, agent, DONE);
          return forum.require(c, roomId, round);
        });
  }

  private void requireOpen(RoundState state) {
    if (!state.isOpen()) {
      throw new KxmException(
          ErrorCode.FORUM_ROUND_CLOSED,
          "round "
              + round
              + " of room "
              + roomId
              + " closed ("
              + state.closeReason()
              + ") at "
              + state.closedAt());
    }
  }

  private int postsBy(Connection c) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT count(*) FROM knowledge WHERE room_id = ? AND round = ? AND author = ?"
                + " AND entry_type IN ('post', 'insight')")) {
      s.setString(1, roomId);
      s.setInt(2, round);
      s.setString(3, agent);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }
}
