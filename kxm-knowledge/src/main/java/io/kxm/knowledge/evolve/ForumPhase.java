package io.kxm.knowledge.evolve;

import io.kxm.knowledge.Forum;
import io.kxm.knowledge.ForumOutcome;
import io.kxm.knowledge.ForumParticipant;
import io.kxm.knowledge.ForumRoom;
import io.kxm.knowledge.ForumRound;
import io.kxm.knowledge.ForumThread;
import io.kxm.knowledge.KnowledgeEntry;
import io.kxm.knowledge.KnowledgeStore;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A generation's forum rounds: first each task's own room, with the agents that attempted it as
 * participants, then the cross-task room with the whole population. Each participant retrieves the
 * room's knowledge, reads the room, speaks through its {@link ForumVoice}, and signals done.
 */
final class ForumPhase {
  /** Posts one agent may make in one round. */
  static final int MAX_POSTS_PER_AGENT = 3;

  private static final int KNOWLEDGE_LIMIT = 50;
  private static final int MAX_POST_CHARS = 8_000;

  private final Forum forum;
  private final EvolveSettings settings;
  private final ForumVoice voice;
  private final Duration roundTimeout;
  private final Consumer<String> notes;

  ForumPhase(
      KnowledgeStore db,
      EvolveSettings settings,
      ForumVoice voice,
      Duration roundTimeout,
      Consumer<String> notes) {
    this.forum = new Forum(db);
    this.settings = settings;
    this.voice = voice;
    this.roundTimeout = roundTimeout;
    this.notes = notes;
  }

  void run(int generation, List<EvolveTask> tasks, List<AttemptRecord> attempts)
      throws InterruptedException {
    if (settings.perTaskForumRounds() > 0) {
      for (EvolveTask task : tasks) {
        List<AttemptRecord> ofTask =
            attempts.stream().filter(a -> a.key().taskId().equals(task.id())).toList();
        Map<String, ForumParticipant> participants = new LinkedHashMap<>();
        for (AttemptRecord a : ofTask) {
          participants.putIfAbsent(
              a.key().agent(), participant(a.key().agent(), generation, ofTask));
        }
        if (!participants.isEmpty()) {
          report(
              roundOf(
                      ForumRoom.perTask(task.id()),
                      generation,
                      participants,
                      settings.perTaskForumRounds())
                  .run());
        }
      }
    }
    if (settings.crossTaskForumRounds() > 0) {
      Map<String, ForumParticipant> everyone = new LinkedHashMap<>();
      for (int n = 1; n <= settings.population(); n++) {
        everyone.put("agent-" + n, participant("agent-" + n, generation, attempts));
      }
      report(
          roundOf(ForumRoom.crossTask(), generation, everyone, settings.crossTaskForumRounds())
              .run());
    }
  }

  private ForumRound roundOf(
      ForumRoom room, int generation, Map<String, ForumParticipant> participants, int rounds) {
    return new ForumRound(
        forum,
        room,
        generation,
        participants,
        new ForumRound.Settings(
            rounds, MAX_POSTS_PER_AGENT, settings.forumEarlyExit(), roundTimeout));
  }

  private ForumParticipant participant(String agent, int generation, List<AttemptRecord> attempts) {
    List<AttemptRecord> own = attempts.stream().filter(a -> a.key().agent().equals(agent)).toList();
    return turn -> {
      List<KnowledgeEntry> knowledge = turn.tools().knowledge(null, KNOWLEDGE_LIMIT);
      List<ForumThread> threads = turn.tools().read(0);
      String text =
          voice.speak(
              new ForumVoice.ForumContext(
                  agent,
                  turn.round().room(),
                  generation,
                  turn.round().round(),
                  knowledge,
                  threads,
                  own));
      if (text != null && !text.isBlank()) {
        turn.tools()
            .post(
                text.length() > MAX_POST_CHARS ? text.substring(0, MAX_POST_CHARS) : text,
                null,
                false);
      }
      turn.tools().signalDone();
    };
  }

  private void report(ForumOutcome outcome) {
    for (ForumOutcome.Round r : outcome.rounds()) {
      notes.accept(
          "forum room "
              + outcome.room().id()
              + " round "
              + r.round()
              + ": "
              + r.posts()
              + " posts, closed "
              + r.closeReason()
              + (r.failures().isEmpty() ? "" : ", failed turns " + r.failures()));
    }
  }
}
