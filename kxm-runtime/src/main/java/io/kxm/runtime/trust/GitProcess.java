package io.kxm.runtime.trust;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code git} as a child process with an argument list (no shell), in a given folder, with a
 * time limit. Its output is read on other threads while its input is written, so neither side can
 * fill a pipe and stall the other.
 */
final class GitProcess {
  static final Duration TIMEOUT = Duration.ofSeconds(60);

  /** What git printed and how it exited. */
  record Result(int exit, byte[] out, String err) {
    String outText() {
      return new String(out, StandardCharsets.UTF_8);
    }
  }

  private GitProcess() {}

  static Result run(Path dir, byte[] stdin, String... args) {
    List<String> argv = new ArrayList<>();
    argv.add("git");
    argv.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(argv).directory(dir.toFile());
    // never ask for credentials or an editor, and keep messages in one language for the error text
    builder.environment().put("GIT_TERMINAL_PROMPT", "0");
    builder.environment().put("LC_ALL", "C");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new KxmException(ErrorCode.TRUST_GIT_FAILED, "cannot start git: " + e.getMessage(), e);
    }
    CompletableFuture<byte[]> out = readAll(process.getInputStream());
    CompletableFuture<byte[]> err = readAll(process.getErrorStream());
    try (OutputStream in = process.getOutputStream()) {
      in.write(stdin);
    } catch (IOException e) {
      // git stopped reading its input; its exit status and stderr say why
    }
    try {
      if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new KxmException(
            ErrorCode.TRUST_GIT_FAILED,
            "git " + String.join(" ", args) + " ran longer than " + TIMEOUT.toSeconds() + " s");
      }
      return new Result(
          process.exitValue(), out.get(), new String(err.get(), StandardCharsets.UTF_8).strip());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new KxmException(ErrorCode.TRUST_GIT_FAILED, "interrupted while git ran", e);
    } catch (ExecutionException e) {
      throw new KxmException(
          ErrorCode.TRUST_GIT_FAILED, "cannot read git's output: " + e.getCause().getMessage(), e);
    }
  }

  private static CompletableFuture<byte[]> readAll(InputStream stream) {
    CompletableFuture<byte[]> result = new CompletableFuture<>();
    Thread.ofVirtual()
        .start(() -> {
          try (stream) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            stream.transferTo(buffer);
            result.complete(buffer.toByteArray());
          } catch (IOException e) {
            result.completeExceptionally(new UncheckedIOException(e));
          }
        });
    return result;
  }
}
