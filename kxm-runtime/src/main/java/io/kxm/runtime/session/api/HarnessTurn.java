package io.kxm.runtime.session.api;

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

  /** Ends the process tree (TERM, then KILL after a short wait); the outcome becomes error. */
  void cancel();

  @Override
  void close();
}
