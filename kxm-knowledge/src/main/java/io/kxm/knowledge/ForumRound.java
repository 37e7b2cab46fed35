package io.kxm.knowledge;

import io.kxm.core.secret.Redactor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * Runs a forum phase in one room: up to {@code maxRounds} rounds, each giving every participant a
 * turn at once. A round closes when every turn has ended, when its time is up, or, with early exit,
 * as soon as every participant signalled done, which also ends the phase. Participants may signal
 * from another process (the forum MCP server), so the runner watches the database for it.
 */
public final class ForumRound {
  /** How often the runner looks for done signals written by other processes. */
  private static final Duration WATCH = Duration.ofMillis(100);

  /**
   * Bounds of a forum phase.
   *
   * @param maxRounds rounds to run, 1 to 20
   * @param maxPostsPerAgent posts each participant may make per round
   * @param earlyExit end a round, and the phase, once every participant signalled done
   * @param roundTimeout how long a round may run before it is closed
   */
  public record Settings(
      int maxRounds, int maxPostsPerAgent, boolean earlyExit, Duration roundTimeout) {
    public Settings {
      Checks.range("maxRounds", maxRounds, 1, 20);
      Checks.range("maxPostsPerAgent", maxPostsPerAgent, 1, Forum.MAX_POSTS_PER_AGENT);
      if (roundTimeout == null || roundTimeout.isNegative() || roundTimeout.isZero()) {
        throw new IllegalArgumentException("roundTimeout must be positive");
      }
    }
  }

  private final Forum forum;
  private final ForumRoom room;
  private final int generation;
  private final Map<String, ForumParticipant> participants;
  private final Settings settings;

  /** {@code participants} by agent name; their order is the order turns start in. */
  public ForumRound(
      Forum forum,
      ForumRoom room,
      int generation,
      Map<String, ForumParticipant> participants,
      Settings settings) {
    this.forum = forum;
    this.room = room;
    this.generation = generation;
    this.participants = new LinkedHashMap<>(participants);
    this.settings = settings;
  }

  public ForumOutcome run() throws InterruptedException {
    List<ForumOutcome.Round> rounds = new ArrayList<>();
    for (int i = 0; i < settings.maxRounds(); i++) {
      RoundState state =
          forum.open(
              room, generation, List.copyOf(participants.keySet()), settings.maxPostsPerAgent());
      ForumOutcome.Round outcome = runRound(state);
      rounds.add(outcome);
      if (settings.earlyExit() && outcome.done().containsAll(participants.keySet())) {
        return new ForumOutcome(room, rounds, true);
      }
    }
    return new ForumOutcome(room, rounds, false);
  }

  private ForumOutcome.Round runRound(RoundState state) throws InterruptedException {
    CountDownLatch ended = new CountDownLatch(participants.size());
    Map<String, String> failures = new ConcurrentHashMap<>();
    List<FutureTask<Void>> turns = new ArrayList<>();
    for (Map.Entry<String, ForumParticipant> p : participants.entrySet()) {
      ForumTurn turn =
          new ForumTurn(
              p.getKey(),
              state,
              forum.session(room.id(), state.round(), p.getKey()),
              forum.database().file());
      FutureTask<Void> task =
          new FutureTask<>(() -> {
            try {
              p.getValue().takeTurn(turn);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            } catch (Exception e) {
              failures.put(p.getKey(), Redactor.redact(String.valueOf(e.getMessage())));
            } finally {
              ended.countDown();
            }
            return null;
          });
      turns.add(task);
      Thread.ofVirtual().name("kxm-forum-" + p.getKey()).start(task);
    }
    String reason = awaitEnd(state, ended);
    forum.close(room.id(), state.round(), reason);
    turns.forEach(t -> t.cancel(true));
    RoundState closed = forum.round(room.id(), state.round()).orElseThrow();
    int posts = forum.entries().byRoom(room.id(), state.round()).size();
    return new ForumOutcome.Round(
        state.round(), closed.closeReason(), posts, closed.done(), failures);
  }

  private String awaitEnd(RoundState state, CountDownLatch ended) throws InterruptedException {
    long deadline = System.nanoTime() + settings.roundTimeout().toNanos();
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return "timeout";
      }
      if (ended.await(Math.min(left, WATCH.toNanos()), TimeUnit.NANOSECONDS)) {
        return settings.earlyExit() && allDone(state) ? "all_done" : "turns_ended";
      }
      if (settings.earlyExit() && allDone(state)) {
        return "all_done";
      }
    }
  }

  private boolean allDone(RoundState state) {
    return forum.round(room.id(), state.round()).map(RoundState::allDone).orElse(false);
  }
}
