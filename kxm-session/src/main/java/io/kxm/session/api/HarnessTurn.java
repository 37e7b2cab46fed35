package io.kxm.session.api;

import java.time.Duration;
import tools.jackson.databind.JsonNode;

/** A running harness process for one turn. */
public interface HarnessTurn extends AutoCloseable {

  /** The process id and start time, recorded so a restarted supervisor can end an orphan. */
  long pid();

  java.time.Instant processStart();

  /**
   * Writes a person's answer to the harness as one JSON line: {@code {"type":
   * "interaction.resolved", "interactionId", "kind", "answer"}}.
   */
  void answer(String interactionId, String kind, JsonNode answer);

  /**
   * Waits for the process to end and returns its normalized outcome.
   *
   * @return null when {@code timeout} passed first
   */
  TurnOutcome await(Duration timeout) throws InterruptedException;

  /**
   * What the harness said about how it ended, for a person diagnosing a failed run: the message of
   * its {@code error} line and the end of its stderr, credentials redacted; empty when it said
   * nothing. Complete once {@link #await} returned an outcome.
   */
  default String diagnosis() {
    return "";
  }

  /** Ends the process tree (TERM, then KILL after a short wait); the outcome becomes error. */
  void cancel();

  @Override
  void close();
}
