package io.kxm.cli.agent.worker;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.session.api.HarnessSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a worker runs: its agent name and purpose, the harness and model of its turns, how many
 * turns at once, the workspace its sessions work in, and how it retries a failed turn.
 *
 * @param argv the program and arguments of a {@code command} harness; empty for the others
 * @param maxAttempts turns tried for one request before the worker stops retrying it
 * @param retryBackoff the pause before the first retry; it doubles for each later one
 */
public record WorkerOptions(
    String name,
    String purpose,
    String harness,
    List<String> argv,
    String model,
    int concurrency,
    Path workspace,
    int maxAttempts,
    Duration retryBackoff) {
  public static final int MAX_CONCURRENCY = 16;
  public static final int DEFAULT_ATTEMPTS = 3;
  public static final Duration DEFAULT_BACKOFF = Duration.ofSeconds(5);

  public WorkerOptions {
    WorkerRegistry.checkName(name);
    Objects.requireNonNull(workspace, "workspace");
    argv = argv == null ? List.of() : List.copyOf(argv);
    if (RouteHarness.named(harness).isEmpty()) {
      throw usage(
          "--harness must be one of " + RouteHarness.names() + "; got '" + harness + "'",
          "Name the harness the worker's turns run in, for example --harness claude-code.");
    }
    if (HarnessSpec.COMMAND.equals(harness) && argv.isEmpty()) {
      throw usage(
          "--harness command needs the program to run after '--'",
          "Add it after '--', for example: -- python3 examples/harness/echo-agent.py");
    }
    if (!HarnessSpec.COMMAND.equals(harness) && !argv.isEmpty()) {
      throw usage(
          "only --harness command takes a program after '--'; " + harness + " takes none",
          "Drop the arguments after '--', or use --harness command.");
    }
    if (concurrency < 1 || concurrency > MAX_CONCURRENCY) {
      throw usage(
          "--concurrency must be 1 to " + MAX_CONCURRENCY + "; got " + concurrency,
          "Pick how many turns the worker runs at once, 1 to " + MAX_CONCURRENCY + ".");
    }
    if (maxAttempts < 1 || retryBackoff.isNegative()) {
      throw new IllegalArgumentException("maxAttempts >= 1 and a backoff >= 0 are required");
    }
  }

  private static KxmException usage(String message, String hint) {
    return new KxmException(ErrorCode.INVALID_REQUEST, message, hint);
  }
}
