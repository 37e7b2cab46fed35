package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.proc.Jvm;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;

/** Wall time of {@code java -version} on the suite's JDK: the floor of any CLI start. */
public final class JavaVersion implements Measure {

  @Override
  public String what() {
    return "`java -version` wall time, same JDK (" + Runtime.version() + ")";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.millis("wall"));
  }

  @Override
  public void prepare(Run run) throws Exception {
    javaVersion(); // loads the JDK's files into the page cache, as they are for a user
  }

  @Override
  public double[] once(Run run) throws Exception {
    return new double[] {javaVersion()};
  }

  private static double javaVersion() throws Exception {
    long t0 = System.nanoTime();
    Process p =
        new ProcessBuilder(Jvm.java().toString(), "-version")
            .redirectOutput(Redirect.DISCARD)
            .redirectError(Redirect.DISCARD)
            .start();
    int code = p.waitFor();
    double ms = (System.nanoTime() - t0) / 1e6;
    if (code != 0) {
      throw new IllegalStateException("java -version exited " + code);
    }
    return ms;
  }
}
