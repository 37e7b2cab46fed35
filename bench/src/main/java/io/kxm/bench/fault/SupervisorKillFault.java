package io.kxm.bench.fault;

/**
 * Fault 2: a SIGKILL of the runtime supervisor while a run produces events. It needs the runtime's
 * supervisor and run event stream, which this build does not have yet; until it does, the fault
 * reports itself as not run rather than pass without checking anything.
 */
final class SupervisorKillFault implements Fault {
  @Override
  public int number() {
    return 2;
  }

  @Override
  public String title() {
    return "kill -9 of the runtime supervisor during a run (needs the runtime supervisor)";
  }

  @Override
  public void run(Stage stage, Findings findings) throws NotRunnable {
    throw new NotRunnable(
        "this build has no runtime supervisor (kxm runtime start) or run event stream to kill and"
            + " resume");
  }
}
