package io.kxm.supervisor;

import java.nio.file.Path;

/**
 * What {@code kxm runtime serve --workspace DIR} does, for tests that need the server in a child
 * JVM they can SIGTERM: one workspace from the first argument, network settings from the
 * environment, drain on SIGTERM, print where it listens.
 */
public final class ServeMainForTests {
  private ServeMainForTests() {}

  public static void main(String[] args) throws InterruptedException {
    var env = System.getenv();
    Supervisor supervisor =
        Supervisor.start(
            SupervisorConfig.forWorkspace(
                env,
                ServerWorkspace.of(Path.of(args[0])),
                NetworkSettings.forServer(env, env.get("KXM_TEST_BIND"), null)));
    supervisor.stopOnShutdown();
    System.out.println(SupervisorMainForTests.READY + supervisor.url());
    System.out.flush();
    supervisor.awaitStop();
  }
}
