package io.kxm.supervisor;

/**
 * What {@code kxm runtime start --foreground} does, for tests that need the supervisor in a child
 * JVM they can kill: start from the environment, drain on SIGTERM, print where it listens.
 */
public final class SupervisorMainForTests {
  static final String READY = "supervisor ready at ";

  private SupervisorMainForTests() {}

  public static void main(String[] args) throws InterruptedException {
    Supervisor supervisor = Supervisor.start(SupervisorConfig.fromEnvironment(System.getenv()));
    supervisor.stopOnShutdown();
    System.out.println(READY + supervisor.url());
    System.out.flush();
    supervisor.awaitStop();
  }
}
