package io.kxm.bench;

import java.util.List;

/**
 * Something measured a few times in one run: a raw baseline or the product's side of a scenario.
 * The suite calls {@link #prepare} once, {@link #once} for each repetition, then {@link #close};
 * each call of {@code once} returns one value per metric, in the order of {@link #metrics()}.
 * Repetitions of all measures take turns, so whatever a measure keeps open between its own calls
 * (connections, subscribers) must stay idle and cheap while the others run.
 */
public interface Measure extends AutoCloseable {

  /** What is measured, in a few words, for the table's baseline column. */
  String what();

  List<Metric> metrics();

  /**
   * Sets up and warms up. Throws {@link Skip} when a service it needs is not there, so the row is
   * left out with a notice instead of failing the run.
   */
  default void prepare(Run run) throws Exception {}

  double[] once(Run run) throws Exception;

  @Override
  default void close() throws Exception {}

  /** A measure that cannot run on this machine now; the message says why and what to start. */
  final class Skip extends Exception {
    public Skip(String notice) {
      super(notice, null, false, false);
    }
  }
}
