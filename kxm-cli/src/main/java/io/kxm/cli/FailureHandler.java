package io.kxm.cli;

import io.kxm.core.error.KxmException;
import picocli.CommandLine;

/**
 * A command that fails prints its error code, message and next step, never a stack trace, and exits
 * 1. Unexpected exceptions say so and point at the log, still without a trace unless KXM_DEBUG=1.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
  static final int FAILED = 1;

  @Override
  public int handleExecutionException(
      Exception e, CommandLine cmd, CommandLine.ParseResult parseResult) {
    var err = cmd.getErr();
    if (e instanceof KxmException k) {
      err.println("error: " + k.code().code() + ": " + k.getMessage());
      err.println("  next: " + k.hint());
      return k.code().exitCode();
    }
    err.println("error: internal: " + e.getClass().getSimpleName() + ": " + e.getMessage());
    err.println("  next: this is a bug; run again with KXM_DEBUG=1 for the stack trace.");
    if ("1".equals(System.getenv("KXM_DEBUG"))) {
      e.printStackTrace(err);
    }
    return FAILED;
  }
}
