package io.kxm.bench.fault;

/**
 * Thrown by a fault that cannot run on this machine (a missing program, no permission to mount a
 * file system); the run is reported as not run, with the reason, never as passed.
 */
public final class NotRunnable extends Exception {
  public NotRunnable(String reason) {
    super(reason);
  }
}
