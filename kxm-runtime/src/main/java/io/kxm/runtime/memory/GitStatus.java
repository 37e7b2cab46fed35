package io.kxm.runtime.memory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Asks Git which files under some paths differ from the last commit: modified, staged, untracked or
 * ignored. Runs {@code git status --porcelain} as a child process with an argument list and a time
 * limit; never a shell.
 */
final class GitStatus {
  static final Duration TIMEOUT = Duration.ofSeconds(30);
  // git status of two small folders prints little; more than this is cut, which still says "dirty"
  private static final int MAX_OUTPUT_BYTES = 256 * 1024;

  /** The outcome: the paths that differ, or why Git could not say. */
  sealed interface Result {
    record Listed(List<String> lines) implements Result {}

    record Failed(String reason) implements Result {}
  }

  private GitStatus() {}

  static Result of(Path root, String... paths) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "git",
                "status",
                "--porcelain=v1",
                "--untracked-files=all",
                "--ignored=matching",
                "--"));
    argv.addAll(List.of(paths));
    ProcessBuilder builder =
        new ProcessBuilder(argv)
            .directory(root.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("GIT_TERMINAL_PROMPT", "0");
    builder.environment().put("LC_ALL", "C");
    // a caller's GIT_DIR or GIT_WORK_TREE would point the check at another repository
    builder.environment().remove("GIT_DIR");
    builder.environment().remove("GIT_WORK_TREE");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      return new Result.Failed("git cannot start: " + e.getMessage());
    }
    try (InputStream out = process.getInputStream()) {
      process.getOutputStream().close();
      byte[] bytes = out.readNBytes(MAX_OUTPUT_BYTES);
      out.transferTo(OutputSink.INSTANCE);
      if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        return new Result.Failed("git status ran longer than " + TIMEOUT.toSeconds() + " s");
      }
      if (process.exitValue() != 0) {
        return new Result.Failed(
            "git status exited " + process.exitValue() + " (is " + root + " a Git work tree?)");
      }
      String text = new String(bytes, StandardCharsets.UTF_8);
      return new Result.Listed(text.lines().filter(l -> !l.isBlank()).toList());
    } catch (IOException e) {
      process.destroyForcibly();
      return new Result.Failed("cannot read git status: " + e.getMessage());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      return new Result.Failed("interrupted while git status ran");
    }
  }

  /** Drains what is past the cap so git never blocks on a full pipe. */
  private static final class OutputSink extends java.io.OutputStream {
    static final OutputSink INSTANCE = new OutputSink();

    @Override
    public void write(int b) {}

    @Override
    public void write(byte[] b, int off, int len) {}
  }
}
