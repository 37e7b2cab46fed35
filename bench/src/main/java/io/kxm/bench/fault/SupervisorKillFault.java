package io.kxm.bench.fault;

/**
 * Fault 2: a SIGKILL of the runtime supervisor while a run produces events, then a restart: the run
 * reconciled, its hash chain verified, and a stream client resuming with {@code Last-Event-ID}
 * seeing every run event once. It needs a run event stream that a client can resume, which the
 * runtime does not serve yet; until it does, the fault reports itself as not run rather than pass
 * without checking anything.
 */
final class SupervisorKillFault implements Fault {
  @Override
  public int number() {
    return 2;
  }

  @Override
  public String title() {
    return "kill -9 of the runtime supervisor during a run (needs the runtime's run event stream)";
  }

  @Override
  public void run(Stage stage, Findings findings) throws NotRunnable {
    throw new NotRunnable(
        "not written yet: it needs the runtime supervisor and a run event stream that a client can"
            + " resume with Last-Event-ID, which this build does not have");
  }
}
