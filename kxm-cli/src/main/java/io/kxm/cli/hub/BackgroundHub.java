package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import io.kxm.cli.ServerJvm;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts {@code kxm hub start --foreground} as a detached child and waits until it has claimed the
 * project and answers {@code /health}. Its console output goes to {@code hub-console.log}.
 */
final class BackgroundHub {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private BackgroundHub() {}

  static HubProcessFile start(CliContext context, String host, Integer port, Path claimFile) {
    Path logsDir = context.projectPaths().logsDir();
    Path console = logsDir.resolve("hub-console.log");
    Process child;
    long startOffset;
    try {
      SecureFiles.createPrivateDirectories(logsDir);
      // The console log collects every start; a failure reports this start's part only.
      startOffset = Files.exists(console) ? Files.size(console) : 0;
      ProcessBuilder builder = new ProcessBuilder(command(context.env(), host, port));
      builder.directory(context.workingDir().toFile());
      builder.environment().clear();
      builder.environment().putAll(context.env());
      builder.redirectErrorStream(true);
      builder.redirectOutput(ProcessBuilder.Redirect.appendTo(console.toFile()));
      builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
      child = builder.start();
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot start the hub process: " + e.getMessage(), e);
    }

    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!child.isAlive()) {
        throw StartFailure.of(
            child.exitValue(), StartFailure.linesSince(console, startOffset), console);
      }
      Optional<HubProcessFile> claim =
          HubProcessFile.read(claimFile).filter(c -> c.pid() == child.pid());
      if (claim.isPresent() && HubProbe.healthy(claim.get().url())) {
        return claim.get();
      }
      try {
        child.waitFor(100, java.util.concurrent.TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    child.destroy();
    throw new KxmException(
        ErrorCode.HUB_UNREACHABLE,
        "the hub did not answer within " + START_TIMEOUT.toSeconds() + " s; stopped it",
        "Look at " + console + " for the reason.");
  }

  private static List<String> command(Map<String, String> env, String host, Integer port) {
    List<String> cmd = ServerJvm.command(env);
    cmd.add("hub");
    cmd.add("start");
    cmd.add("--foreground");
    if (host != null) {
      cmd.add("--host");
      cmd.add(host);
    }
    if (port != null) {
      cmd.add("--port");
      cmd.add(Integer.toString(port));
    }
    return cmd;
  }
}
