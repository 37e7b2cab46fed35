package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code KXM_KNOWLEDGE_RETENTION_MS}: only forum posts of long-closed rounds age out. */
class KnowledgeRetentionTest {
  private static final Duration WINDOW = Duration.ofDays(90);

  @TempDir Path dir;

  @Test
  void posts_of_a_long_closed_round_go_while_attempts_insights_and_open_rounds_stay() {
    SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("knowledge.db"), clock)) {
      Forum forum = new Forum(db);
      KnowledgeEntries entries = new KnowledgeEntries(db);
      ForumRoom old = new ForumRoom("room-old", "task-1", "per_task_forum");
      forum.open(old, 0, List.of("agent-1"), 5);
      KnowledgeEntry first = entries.add(post(old, 1, null, "first thought"));
      KnowledgeEntry answer = entries.add(post(old, 1, first.id(), "an answer to it"));
      KnowledgeEntry lesson =
          entries.add(
              new NewEntry(
                  EntryType.INSIGHT,
                  "per_task_forum",
                  "task-1",
                  "room-old",
                  0,
                  1,
                  "agent-1",
                  null,
                  "the lesson",
                  null));
      forum.close("room-old", 1, "done");
      clock.tick(Duration.ofDays(100));
      ForumRoom recent = new ForumRoom("room-new", "task-1", "per_task_forum");
      forum.open(recent, 0, List.of("agent-1"), 5);
      KnowledgeEntry current = entries.add(post(recent, 1, null, "still talking"));

      KnowledgeRetention retention = new KnowledgeRetention("knowledge", db, WINDOW);
      assertThat(retention.purge(clock.instant(), true).getFirst().removed()).isEqualTo(2);
      assertThat(entries.get(first.id())).as("a dry run changes nothing").isPresent();

      assertThat(retention.purge(clock.instant(), false).getFirst().removed()).isEqualTo(2);
      assertThat(entries.get(first.id())).isEmpty();
      assertThat(entries.get(answer.id())).isEmpty();
      assertThat(entries.get(lesson.id())).as("insights are knowledge").isPresent();
      assertThat(entries.get(current.id())).as("an open round keeps its posts").isPresent();
      assertThat(entries.search("thought", 10).hits()).as("the index forgets them too").isEmpty();
      assertThat(forum.round("room-old", 1)).as("the round's record stays").isPresent();
      assertThat(retention.purge(clock.instant(), false).getFirst().removed()).isZero();
    }
  }

  private static NewEntry post(ForumRoom room, int round, String parent, String text) {
    return new NewEntry(
        EntryType.POST,
        room.sourcePhase(),
        room.taskId(),
        room.id(),
        0,
        round,
        "agent-1",
        parent,
        text,
        null);
  }
}
