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
import java.util.Map;

/**
 * The {@code kxm} launcher as a user runs it, staleness check and class-data archive included:
 * {@code kxm --version}, and {@code kxm peer list --json} against the shared hub (register, list,
 * leave), each against {@code java -version} on the same JDK.
 */
public final class CliStartScenario implements Scenario {

  @Override
  public String name() {
    return "cli-start";
  }

  @Override
  public String title() {
    return "CLI start: kxm --version and kxm peer list, through the kxm launcher";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("--version", "java-version", "wall", Target.atMost(3.0)),
        new Comparison("peer list", "java-version", "wall", Target.atMost(3.0)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private List<String> version;
      private List<String> peerList;
      private Map<String, String> agentEnv;

      @Override
      public String what() {
        return "`kxm --version` and `kxm peer list --json` wall time";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("--version"), Metric.millis("peer list"));
      }

      @Override
      public void setup(Run run) throws Exception {
        Path launcher = launcher();
        HubEndpoint hub = HubSource.SQLITE.get(run);
        version = List.of(launcher.toString(), "--version");
        peerList = List.of(launcher.toString(), "peer", "list", "--json");
        agentEnv =
            Map.of(
                "JAVA_HOME", Jvm.java().getParent().getParent().toString(),
                "KXM_SERVER_URL", hub.base().toString(),
                "KXM_PROJECT", hub.project(),
                "KXM_AUTH_TOKEN", hub.projectToken(),
                "KXM_AGENT_NAME", "cli-start");
        // The first call builds the jar or trains the class-data archive if either is missing.
        Wall.millis(version, agentEnv);
        Wall.millis(peerList, agentEnv);
      }

      @Override
      public double[] once(Run run) throws Exception {
        return new double[] {Wall.millis(version, agentEnv), Wall.millis(peerList, agentEnv)};
      }
    };
  }

  private static Path launcher() {
    return Jvm.launcher(HubProcess.requireJar());
  }
}
