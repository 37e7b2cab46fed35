package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.proc.Jvm;
import io.kxm.bench.proc.Wall;
import java.util.List;

/** Wall time of {@code java -version} on the suite's JDK: the floor of any CLI start. */
public final class JavaVersion implements Measure {
  private final List<String> command = List.of(Jvm.java().toString(), "-version");

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
    Wall.millis(command); // loads the JDK's files into the page cache, as they are for a user
  }

  @Override
  public double[] once(Run run) throws Exception {
    return new double[] {Wall.millis(command)};
  }
}
