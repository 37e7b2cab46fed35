package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.proc.Jvm;
import io.kxm.bench.proc.Wall;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code kxm --version} from the CLI jar with the JVM options the {@code kxm} launcher gives short
 * commands, against {@code java -version} on the same JDK.
 */
public final class CliStartScenario implements Scenario {

  @Override
  public String name() {
    return "cli-start";
  }

  @Override
  public String title() {
    return "CLI start: kxm --version";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(new Comparison("wall", "java-version", "wall", Target.atMost(3.0)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private List<String> command;

      @Override
      public String what() {
        return "`kxm --version` wall time";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("wall"));
      }

      @Override
      public void prepare(Run run) throws Exception {
        Path jar = HubProcess.requireJar();
        // The same options as the kxm launcher's for commands that are not servers.
        command =
            List.of(
                Jvm.java().toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xshare:auto",
                "-jar",
                jar.toString(),
                "--version");
        Wall.millis(command);
      }

      @Override
      public double[] once(Run run) throws Exception {
        return new double[] {Wall.millis(command)};
      }
    };
  }
}
