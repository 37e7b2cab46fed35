package io.kxm.hub.lifecycle;

/**
 * Connects process signals to a graceful stop: SIGTERM and SIGINT start {@code stop} on a thread of
 * its own (the JVM then keeps running until the caller exits), and a shutdown hook covers {@code
 * System.exit} and platforms without signal support.
 */
public final class ShutdownTriggers {
  private final Thread hook;

  private ShutdownTriggers(Thread hook) {
    this.hook = hook;
  }

  public static ShutdownTriggers install(Runnable stop) {
    SignalTraps.trap(
        () -> Thread.ofPlatform().name("kxm-hub-signal-stop").start(stop), "TERM", "INT");
    Thread hook = Thread.ofPlatform().name("kxm-hub-shutdown-hook").unstarted(stop);
    Runtime.getRuntime().addShutdownHook(hook);
    return new ShutdownTriggers(hook);
  }

  /** Forgets the hook once the hub stopped by other means. */
  public void remove() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down and runs the hook; stop() is idempotent.
    }
  }
}
