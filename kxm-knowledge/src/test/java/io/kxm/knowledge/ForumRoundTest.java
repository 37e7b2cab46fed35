package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForumRoundTest {
  @TempDir Path dir;
  private KnowledgeDatabase db;
  private Forum forum;
  private KnowledgeEntries entries;

  @BeforeEach
  void open() {
    db = KnowledgeDatabase.open(dir.resolve("knowledge.db"));
    forum = new Forum(db);
    entries = new KnowledgeEntries(db);
  }

  @AfterEach
  void close() {
    db.close();
  }

  private static ForumRound.Settings settings(int rounds, boolean earlyExit) {
    return new ForumRound.Settings(rounds, 2, earlyExit, Duration.ofMinutes(1));
  }

  /** A simulated agent: reads the task's knowledge, posts one line, replies once, signals done. */
  private static ForumParticipant talker(String line) {
    return turn -> {
      turn.tools().knowledge(null, 10);
      List<ForumThread> threads = turn.tools().read(turn.round().round());
      String replyTo = threads.isEmpty() ? null : threads.getFirst().post().id();
      turn.tools().post(line, replyTo, false);
      turn.tools().signalDone();
    };
  }

  private static void assertCode(Runnable call, ErrorCode code) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(KxmException.class, e -> assertThat(e.code()).isEqualTo(code));
  }

  @Test
  void a_post_needs_a_query_or_knowledge_call_in_the_same_round() {
    RoundState round = forum.open(ForumRoom.perTask("t1"), 1, List.of("alice", "bob"), 2);
    ForumSession alice = forum.session("t1", round.round(), "alice");
    ForumSession bob = forum.session("t1", round.round(), "bob");

    assertCode(() -> alice.post("a guess", null, false), ErrorCode.FORUM_RETRIEVAL_REQUIRED);
    alice.read(0);
    assertCode(() -> alice.post("still a guess", null, false), ErrorCode.FORUM_RETRIEVAL_REQUIRED);
    assertThat(entries.byRoom("t1", round.round())).isEmpty();

    alice.query("rotation", 5);
    KnowledgeEntry posted = alice.post("rotate first", null, false);
    bob.knowledge("t1", 5);
    KnowledgeEntry reply = bob.post("then recolour", posted.id(), true);

    assertThat(posted.type()).isEqualTo(EntryType.POST);
    assertThat(posted.sourcePhase()).isEqualTo(SourcePhases.PER_TASK_FORUM);
    assertThat(posted.taskId()).isEqualTo("t1");
    assertThat(reply.type()).isEqualTo(EntryType.INSIGHT);
    assertThat(reply.parentId()).isEqualTo(posted.id());

    RoundState next = forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 2);
    assertThat(next.round()).isEqualTo(round.round() + 1);
    ForumSession aliceNext = forum.session("t1", next.round(), "alice");
    assertCode(() -> aliceNext.post("again", null, false), ErrorCode.FORUM_RETRIEVAL_REQUIRED);
  }

  @Test
  void each_agent_may_post_only_the_rounds_limit() {
    RoundState round = forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 2);
    ForumSession alice = forum.session("t1", round.round(), "alice");
    alice.query("anything", 5);
    alice.post("one", null, false);
    alice.post("two", null, false);
    assertCode(() -> alice.post("three", null, false), ErrorCode.FORUM_POST_LIMIT_REACHED);
    assertThat(entries.byRoom("t1", round.round())).hasSize(2);
  }

  @Test
  void only_listed_participants_get_tools_and_replies_stay_in_their_room() {
    RoundState t1 = forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 2);
    RoundState t2 = forum.open(ForumRoom.perTask("t2"), 1, List.of("alice"), 2);
    assertCode(() -> forum.session("t1", t1.round(), "mallory"), ErrorCode.FORUM_NOT_A_PARTICIPANT);
    assertCode(() -> forum.session("t1", 99, "alice"), ErrorCode.FORUM_ROUND_NOT_FOUND);

    ForumSession inT1 = forum.session("t1", t1.round(), "alice");
    inT1.query("x", 1);
    KnowledgeEntry post = inT1.post("in t1", null, false);
    ForumSession inT2 = forum.session("t2", t2.round(), "alice");
    inT2.query("x", 1);
    assertCode(
        () -> inT2.post("reply across rooms", post.id(), false),
        ErrorCode.KNOWLEDGE_ENTRY_NOT_FOUND);
  }

  @Test
  void forum_read_gives_at_most_the_newest_posts_of_a_long_room() {
    RoundState round = forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 1);
    db.write(c -> {
      for (int i = 0; i < ForumSession.MAX_READ + 5; i++) {
        entries.add(
            c,
            new NewEntry(
                EntryType.POST,
                SourcePhases.PER_TASK_FORUM,
                "t1",
                "t1",
                1,
                1,
                "bob",
                null,
                "post " + i,
                null));
      }
      return null;
    });
    List<ForumThread> threads = forum.session("t1", round.round(), "alice").read(0);
    assertThat(threads).hasSize(ForumSession.MAX_READ);
    assertThat(threads.getFirst().post().content()).isEqualTo("post 5");
  }

  @Test
  void the_knowledge_tool_reads_attempts_insights_and_distillations_of_a_task() {
    entries.add(NewEntry.attempt("t1", 1, "alice", "tried mirroring", 0.25));
    entries.add(
        new NewEntry(
            EntryType.DISTILLATION,
            SourcePhases.PER_TASK_DISTILL,
            "t1",
            null,
            1,
            0,
            "distiller",
            null,
            "mirror, then fill",
            null));
    entries.add(NewEntry.attempt("t2", 1, "alice", "another task", 1.0));
    RoundState round = forum.open(ForumRoom.perTask("t1"), 2, List.of("bob"), 1);
    ForumSession bob = forum.session("t1", round.round(), "bob");
    bob.query("mirror", 5);
    bob.post("a post is not task knowledge", null, false);

    assertThat(bob.knowledge(null, 10))
        .extracting(KnowledgeEntry::content)
        .containsExactly("tried mirroring", "mirror, then fill");
    assertThat(bob.knowledge(null, 1))
        .extracting(KnowledgeEntry::content)
        .containsExactly("mirror, then fill");
  }

  @Test
  void early_exit_ends_the_phase_once_every_participant_signalled_done() throws Exception {
    Map<String, ForumParticipant> people = new LinkedHashMap<>();
    people.put("alice", talker("alice's idea"));
    people.put("bob", talker("bob's idea"));
    ForumOutcome outcome =
        new ForumRound(forum, ForumRoom.perTask("t1"), 1, people, settings(3, true)).run();

    assertThat(outcome.endedEarly()).isTrue();
    assertThat(outcome.rounds()).hasSize(1);
    ForumOutcome.Round first = outcome.rounds().getFirst();
    assertThat(first.closeReason()).isEqualTo("all_done");
    assertThat(first.done()).containsExactlyInAnyOrder("alice", "bob");
    assertThat(first.posts()).isEqualTo(2);
    assertThat(forum.round("t1", 1).orElseThrow().isOpen()).isFalse();
  }

  @Test
  void early_exit_closes_a_round_while_turns_still_run_and_interrupts_them() throws Exception {
    CountDownLatch interrupted = new CountDownLatch(2);
    ForumParticipant lingering =
        turn -> {
          turn.tools().query("anything", 1);
          turn.tools().signalDone();
          try {
            new CountDownLatch(1).await();
          } catch (InterruptedException e) {
            interrupted.countDown();
            throw e;
          }
        };
    Map<String, ForumParticipant> people = new LinkedHashMap<>();
    people.put("alice", lingering);
    people.put("bob", lingering);
    ForumOutcome outcome =
        new ForumRound(forum, ForumRoom.perTask("t1"), 1, people, settings(2, true)).run();

    assertThat(outcome.endedEarly()).isTrue();
    assertThat(outcome.rounds()).hasSize(1);
    assertThat(outcome.rounds().getFirst().closeReason()).isEqualTo("all_done");
    assertThat(outcome.rounds().getFirst().failures()).isEmpty();
    assertThat(interrupted.await(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void without_early_exit_every_round_runs() throws Exception {
    Map<String, ForumParticipant> people = new LinkedHashMap<>();
    people.put("alice", talker("alice's idea"));
    people.put("bob", talker("bob's idea"));
    ForumOutcome outcome =
        new ForumRound(forum, ForumRoom.crossTask(), 3, people, settings(2, false)).run();

    assertThat(outcome.endedEarly()).isFalse();
    assertThat(outcome.rounds())
        .extracting(ForumOutcome.Round::closeReason)
        .containsExactly("turns_ended", "turns_ended");
    assertThat(outcome.posts()).isEqualTo(4);
    List<KnowledgeEntry> room = entries.byTask(SourcePhases.CROSS_TASK);
    assertThat(room)
        .hasSize(4)
        .allSatisfy(e -> {
          assertThat(e.sourcePhase()).isEqualTo(SourcePhases.CROSS_TASK_FORUM);
          assertThat(e.roomId()).isEqualTo(SourcePhases.CROSS_TASK);
          assertThat(e.generation()).isEqualTo(3);
        });
    assertThat(room).extracting(KnowledgeEntry::round).containsExactly(1, 1, 2, 2);
  }

  @Test
  void a_round_that_runs_out_of_time_closes_and_later_posts_are_refused() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    AtomicReference<ForumSession> held = new AtomicReference<>();
    Map<String, ForumParticipant> people = new LinkedHashMap<>();
    people.put(
        "slow",
        turn -> {
          held.set(turn.tools());
          turn.tools().query("anything", 1);
          never.await();
        });
    people.put("quick", talker("done quickly"));
    ForumOutcome outcome =
        new ForumRound(
                forum,
                ForumRoom.perTask("t1"),
                1,
                people,
                new ForumRound.Settings(1, 1, true, Duration.ofMillis(300)))
            .run();

    assertThat(outcome.endedEarly()).isFalse();
    assertThat(outcome.rounds().getFirst().closeReason()).isEqualTo("timeout");
    assertThat(outcome.rounds().getFirst().done()).containsExactly("quick");
    assertCode(() -> held.get().post("too late", null, false), ErrorCode.FORUM_ROUND_CLOSED);
    assertCode(() -> held.get().signalDone(), ErrorCode.FORUM_ROUND_CLOSED);
  }

  @Test
  void a_failing_participant_is_reported_with_secrets_redacted() throws Exception {
    Map<String, ForumParticipant> people = new LinkedHashMap<>();
    people.put(
        "broken",
        turn -> {
          throw new IllegalStateException(
              "harness died with key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789");
        });
    people.put("fine", talker("still here"));
    ForumOutcome outcome =
        new ForumRound(forum, ForumRoom.perTask("t1"), 1, people, settings(1, true)).run();

    ForumOutcome.Round round = outcome.rounds().getFirst();
    assertThat(round.closeReason()).isEqualTo("turns_ended");
    assertThat(round.failures()).containsOnlyKeys("broken");
    assertThat(round.failures().get("broken"))
        .contains("harness died")
        .doesNotContain("abcdefghij");
    assertThat(round.posts()).isEqualTo(1);
  }

  @Test
  void the_turn_names_the_mcp_command_that_serves_its_tools() {
    RoundState round = forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 1);
    ForumTurn turn = new ForumTurn("alice", round, forum.session("t1", 1, "alice"), db.file());
    assertThat(turn.mcpArguments())
        .containsExactly(
            "knowledge",
            "mcp",
            "--db",
            db.file().toString(),
            "--room",
            "t1",
            "--round",
            "1",
            "--agent",
            "alice");
  }
}
