package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.fault.FaultResult.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Entry point of {@code bench/faults}: runs each selected fault against real processes, prints what
 * each checked and a table, and exits 0 when every fault run passed, 1 when one failed, 2 for a
 * usage error. A fault that cannot run on this machine is reported as not run and fails nothing.
 */
public final class FaultMain {
  private FaultMain() {}

  public static void main(String[] args) {
    FaultOptions options;
    try {
      options = FaultOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.err.print(FaultOptions.USAGE);
      System.exit(2);
      return;
    }
    if (options.help()) {
      System.out.print(FaultOptions.USAGE);
      return;
    }
    List<Fault> all = Faults.all();
    if (options.list()) {
      all.forEach(f -> System.out.println(f.number() + "  " + f.title()));
      return;
    }
    List<Fault> chosen =
        all.stream().filter(f -> options.only() == 0 || f.number() == options.only()).toList();
    if (chosen.isEmpty()) {
      System.err.println("error: there is no fault " + options.only() + "; bench/faults --list");
      System.exit(2);
      return;
    }

    // Ctrl-C or a kill of the suite still stops what the current fault started.
    AtomicReference<Stage> current = new AtomicReference<>();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> {
              Stage s = current.get();
              if (s != null) {
                s.close();
              }
            }));
    List<FaultResult> results = new ArrayList<>();
    for (Fault fault : chosen) {
      FaultResult result = runOne(fault, current);
      results.add(result);
      System.out.print(FaultTable.block(result));
      System.out.println();
      System.out.flush();
    }
    System.out.print(FaultTable.markdown(results));
    System.out.println();
    System.out.println(FaultTable.summary(results));
    boolean failed = results.stream().anyMatch(r -> r.status() == Status.FAILED);
    System.exit(failed ? 1 : 0);
  }

  private static FaultResult runOne(Fault fault, AtomicReference<Stage> current) {
    Log.info("fault " + fault.number() + ": " + fault.title());
    long t0 = System.nanoTime();
    Findings findings = new Findings();
    Status status;
    String reason = null;
    try (Stage stage = new Stage(fault.number())) {
      current.set(stage);
      fault.run(stage, findings);
      status = findings.allPassed() ? Status.PASSED : Status.FAILED;
      reason = findings.firstFailure();
    } catch (NotRunnable e) {
      status = Status.NOT_RUN;
      reason = e.getMessage();
    } catch (Exception | AssertionError e) {
      status = Status.FAILED;
      reason = e.getClass().getSimpleName() + ": " + e.getMessage();
      Log.warn("fault " + fault.number() + " failed: " + reason);
    } finally {
      current.set(null);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    Log.info("fault " + fault.number() + ": " + status + String.format(" in %.1f s", seconds));
    return new FaultResult(fault, status, findings.checks(), reason, seconds);
  }
}
