package io.kxm.session.builtin;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code git} for the worktree, with hooks off and no prompts, and bounded output. A failure
 * is {@code worktree_failed} naming the command and what git said.
 */
final class Git {
  static final long TIMEOUT_SECONDS = 60;

  private Git() {}

  /** What git printed on stdout (cut at {@code maxBytes}), and whether it was cut. */
  record Output(String text, boolean cut) {}

  static String run(Path folder, String... args) throws InterruptedException {
    return run(folder, 1024 * 1024, args).text().strip();
  }

  static Output run(Path folder, int maxBytes, String... args) throws InterruptedException {
    List<String> argv = new ArrayList<>(List.of("git", "-c", "core.hooksPath=/dev/null"));
    argv.add("-C");
    argv.add(folder.toString());
    argv.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(false);
    builder.environment().put("GIT_TERMINAL_PROMPT", "0");
    builder.environment().put("LC_ALL", "C");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw failed(args, "git did not start: " + e.getMessage());
    }
    OutputCapture out = new OutputCapture(maxBytes, 0);
    OutputCapture err = new OutputCapture(4096, 0);
    Thread outReader = Thread.ofVirtual().start(() -> out.drain(process.getInputStream()));
    Thread errReader = Thread.ofVirtual().start(() -> err.drain(process.getErrorStream()));
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw failed(args, "git ran past " + TIMEOUT_SECONDS + " s");
      }
      outReader.join();
      errReader.join();
    } finally {
      process.destroyForcibly();
    }
    if (process.exitValue() != 0) {
      throw failed(args, "exit code " + process.exitValue() + ": " + err.text().strip());
    }
    String text = out.text();
    return new Output(text, out.truncated());
  }

  private static KxmException failed(String[] args, String said) {
    return new KxmException(
        ErrorCode.WORKTREE_FAILED,
        "git " + String.join(" ", args) + " failed: " + Redactor.redact(said));
  }
}
