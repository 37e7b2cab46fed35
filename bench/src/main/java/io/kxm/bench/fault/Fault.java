package io.kxm.bench.fault;

/** One fault run: start real processes, inject the fault, check what survived. */
public interface Fault {
  int number();

  /** One line: the fault and what must hold afterwards. */
  String title();

  /**
   * Runs the fault in {@code stage}, which stops every process it started when the run ends, and
   * records each check with its figures in {@code findings}. Throwing fails the run.
   */
  void run(Stage stage, Findings findings) throws Exception;
}
