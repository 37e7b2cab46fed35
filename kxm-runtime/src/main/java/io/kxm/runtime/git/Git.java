package io.kxm.runtime.git;

import io.kxm.runtime.process.OutputCapture;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code git} as a child process: an argument list (never a shell), in one folder, with a time
 * limit, stdout cut at a byte limit and drained to its end, stderr kept short. Hooks are off,
 * prompts for credentials or an editor never appear, messages are in one language, and a caller's
 * {@code GIT_DIR}, {@code GIT_WORK_TREE} or {@code GIT_INDEX_FILE} cannot point the command at
 * another repository. How git exited is a value; what it means is the caller's to decide.
 */
public final class Git {
  private static final int MAX_ERROR_BYTES = 4096;
  private static final int DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;

  private final Path folder;
  private final Duration timeout;
  private final int maxOutputBytes;
  private final byte[] input;
  private final Path indexFile; // null: the repository's own index

  private Git(Path folder, Duration timeout, int maxOutputBytes, byte[] input) {
    this(folder, timeout, maxOutputBytes, input, null);
  }

  private Git(Path folder, Duration timeout, int maxOutputBytes, byte[] input, Path indexFile) {
    if (timeout.isNegative() || timeout.isZero() || maxOutputBytes < 0) {
      throw new IllegalArgumentException(
          "git needs a positive timeout and a byte limit of zero or more, not "
              + timeout
              + " and "
              + maxOutputBytes);
    }
    this.folder = folder;
    this.timeout = timeout;
    this.maxOutputBytes = maxOutputBytes;
    this.input = input;
    this.indexFile = indexFile;
  }

  /** Git in {@code folder}: 60 s, 1 MiB of output, nothing on stdin, until changed. */
  public static Git in(Path folder) {
    return new Git(folder, Duration.ofSeconds(60), DEFAULT_MAX_OUTPUT_BYTES, new byte[0]);
  }

  public Git timeout(Duration limit) {
    return new Git(folder, limit, maxOutputBytes, input, indexFile);
  }

  public Git maxOutputBytes(int limit) {
    return new Git(folder, timeout, limit, input, indexFile);
  }

  public Git input(byte[] bytes) {
    return new Git(folder, timeout, maxOutputBytes, bytes.clone(), indexFile);
  }

  /**
   * Reads and writes {@code index} instead of the repository's own index: a pre-commit hook must
   * see the temporary index {@code git commit -a} or {@code git commit PATH} builds.
   */
  public Git indexFile(Path index) {
    return new Git(folder, timeout, maxOutputBytes, input, index.toAbsolutePath());
  }

  public Duration timeout() {
    return timeout;
  }

  /** How a run of git ended. */
  public sealed interface Result {}

  /**
   * Git ran to its end; {@code out} is at most the byte limit, {@code cut} when it printed more.
   */
  public record Exited(int exit, byte[] out, boolean cut, String err) implements Result {
    public boolean ok() {
      return exit == 0;
    }

    public String text() {
      return new String(out, StandardCharsets.UTF_8);
    }
  }

  /** Git did not start, ran past the time limit, or its output could not be read. */
  public record NotRun(String reason) implements Result {}

  /**
   * Runs {@code git args…}. The child is killed when the limit passes or this thread is
   * interrupted.
   */
  public Result run(String... args) throws InterruptedException {
    List<String> argv = new ArrayList<>(List.of("git", "-c", "core.hooksPath=/dev/null"));
    argv.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(argv).directory(folder.toFile());
    Map<String, String> env = builder.environment();
    env.put("GIT_TERMINAL_PROMPT", "0");
    env.put("LC_ALL", "C");
    env.remove("GIT_DIR");
    env.remove("GIT_WORK_TREE");
    env.remove("GIT_INDEX_FILE");
    if (indexFile != null) {
      env.put("GIT_INDEX_FILE", indexFile.toString());
    }
    String command = "git " + String.join(" ", args);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      return new NotRun(command + " did not start: " + e.getMessage());
    }
    OutputCapture out = new OutputCapture(maxOutputBytes, 0);
    OutputCapture err = new OutputCapture(MAX_ERROR_BYTES, 0);
    Thread outReader = Thread.ofVirtual().start(() -> out.drain(process.getInputStream()));
    Thread errReader = Thread.ofVirtual().start(() -> err.drain(process.getErrorStream()));
    try {
      try (OutputStream stdin = process.getOutputStream()) {
        stdin.write(input);
      } catch (IOException e) {
        // git stopped reading its input; how it exited and what it said tell why
      }
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        return new NotRun(command + " ran longer than " + timeout.toSeconds() + " s");
      }
      outReader.join();
      errReader.join();
    } finally {
      process.destroyForcibly();
    }
    return new Exited(process.exitValue(), out.head(), out.truncated(), err.text().strip());
  }
}
