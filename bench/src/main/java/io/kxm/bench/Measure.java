package io.kxm.bench;

import java.util.List;

/**
 * Something measured a few times in one run: a raw baseline or the product's side of a scenario.
 * The suite calls {@link #setup} and {@link #prepare} once, {@link #once} for each repetition, then
 * {@link #close}; each call of {@code once} returns one value per metric, in the order of {@link
 * #metrics()}. Repetitions of all measures take turns, so whatever a measure keeps open between its
 * own calls (connections, subscribers) must stay idle and cheap while the others run.
 */
public interface Measure extends AutoCloseable {

  /** What is measured, in a few words, for the table's baseline column. */
  String what();

  List<Metric> metrics();

  /**
   * Builds what the measure needs that neither times nor warms up anything: a roster of agents, a
   * backlog, a filled store, a started server. The suite runs the setups of all selected measures
   * side by side before the first {@link #prepare}, since much of that time waits on disks, process
   * starts and round trips rather than on the cores. Throws {@link Skip} like {@code prepare}.
   */
  default void setup(Run run) throws Exception {}

  /**
   * Finishes setting up and warms up, alone on the machine. Throws {@link Skip} when a service it
   * needs is not there, so the row is left out with a notice instead of failing the run.
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
