package io.kxm.cli.support;

import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.nio.file.Path;
import java.util.Map;

/**
 * The hub exactly as {@code kxm hub start} assembles it (store, every feature), on port 0, with the
 * admin token and projects alpha and beta. For end-to-end tests.
 */
public final class RealHub {
  private RealHub() {}

  public static HubServer start(Path dir) {
    Map<String, String> env = TestEnv.hub(dir);
    return HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
  }
}
