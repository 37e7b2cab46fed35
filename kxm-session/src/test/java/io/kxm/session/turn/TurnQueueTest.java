package io.kxm.session.turn;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TurnQueueTest {

  @Test
  void a_session_starts_one_run_at_a_time_in_submission_order() {
    TurnQueue queue = new TurnQueue(4);
    queue.add("r1", "s1");
    queue.add("r2", "s1");

    assertThat(queue.takeStartable()).containsExactly(new TurnQueue.Waiting("r1", "s1"));
    assertThat(queue.takeStartable()).isEmpty();
    queue.release("s1");
    assertThat(queue.takeStartable()).containsExactly(new TurnQueue.Waiting("r2", "s1"));
  }

  @Test
  void the_global_limit_lets_the_oldest_waiting_session_go_first() {
    TurnQueue queue = new TurnQueue(1);
    queue.add("r1", "s1");
    queue.add("r2", "s2");
    queue.add("r3", "s1");

    assertThat(queue.takeStartable()).extracting(TurnQueue.Waiting::runId).containsExactly("r1");
    queue.release("s1");
    assertThat(queue.takeStartable()).extracting(TurnQueue.Waiting::runId).containsExactly("r2");
    assertThat(queue.waitingIn("s1")).isEqualTo(1);
    assertThat(queue.active()).isEqualTo(1);
  }

  @Test
  void a_removed_run_never_starts_and_a_clear_returns_the_rest() {
    TurnQueue queue = new TurnQueue(2);
    queue.add("r1", "s1");
    queue.add("r2", "s2");
    queue.add("r3", "s3");

    assertThat(queue.remove("r2")).isTrue();
    assertThat(queue.remove("r2")).isFalse();
    assertThat(queue.takeStartable())
        .extracting(TurnQueue.Waiting::runId)
        .containsExactly("r1", "r3");
    queue.add("r4", "s1");
    assertThat(queue.clear()).extracting(TurnQueue.Waiting::runId).containsExactly("r4");
    assertThat(queue.isWaiting("r4")).isFalse();
  }
}
