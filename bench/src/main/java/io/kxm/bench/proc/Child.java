package io.kxm.bench.proc;

import io.kxm.bench.Log;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A process the suite started and must stop: its standard output is watched for a ready line, its
 * standard error goes to a log file whose tail is shown when it fails to start.
 */
public final class Child implements AutoCloseable {
  private final String name;
  private final Process process;
  private final Path log;
  private final boolean watchesInput;

  private Child(String name, Process process, Path log, boolean watchesInput) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.watchesInput = watchesInput;
  }

  /**
   * Starts {@code command} in {@code dir} and waits until {@code ready} maps a line of its standard
   * output to a value, which is returned along with the child.
   *
   * @param watchesInput the child exits by itself when its standard input closes (the suite's own
   *     Java children do); others are sent SIGTERM at once when stopped
   */
  public static <T> Started<T> start(
      String name,
      List<String> command,
      Path dir,
      Map<String, String> env,
      Duration timeout,
      boolean watchesInput,
      Function<String, T> ready)
      throws Exception {
    Path log = dir.resolve(name + ".log");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    pb.environment().putAll(env);
    pb.redirectError(log.toFile());
    Process process = pb.start();
    Child child = new Child(name, process, log, watchesInput);
    CompletableFuture<T> value = new CompletableFuture<>();
    Thread.ofVirtual()
        .start(() -> {
          try (BufferedReader out =
              new BufferedReader(
                  new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
              if (!value.isDone()) {
                T v = ready.apply(line);
                if (v != null) {
                  value.complete(v);
                }
              }
            }
          } catch (IOException | RuntimeException e) {
            value.completeExceptionally(e);
          }
          value.completeExceptionally(
              new IllegalStateException(name + " closed its output before it was ready"));
        });
    try {
      T v = value.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      Log.info("started " + name + " (pid " + process.pid() + ")");
      return new Started<>(child, v);
    } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
      child.close();
      throw new IllegalStateException(
          name + " did not start within " + timeout + "; its log ends with: " + child.logTail(), e);
    }
  }

  public record Started<T>(Child child, T value) {}

  /**
   * Starts {@code command} with both outputs going to its log, for a child whose readiness is seen
   * some other way (a file it writes, a port that answers).
   */
  public static Child launch(
      String name, List<String> command, Path dir, Map<String, String> env, boolean watchesInput)
      throws IOException {
    Path log = dir.resolve(name + ".log");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    pb.environment().putAll(env);
    pb.redirectErrorStream(true);
    // Appended, so a child started again on the same folder keeps the first one's log.
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    Process process = pb.start();
    Log.info("started " + name + " (pid " + process.pid() + ")");
    return new Child(name, process, log, watchesInput);
  }

  /**
   * Starts {@code command} with its standard input and output left to the caller (a protocol spoken
   * over the pipes, such as MCP stdio) and its standard error going to its log. The child is taken
   * to exit when its input closes.
   */
  public static Child piped(String name, List<String> command, Path dir, Map<String, String> env)
      throws IOException {
    Path log = dir.resolve(name + ".log");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    pb.environment().putAll(env);
    pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    Process process = pb.start();
    Log.info("started " + name + " (pid " + process.pid() + ")");
    return new Child(name, process, log, true);
  }

  /** The child's standard input, for a child started with {@link #piped}. */
  public OutputStream stdin() {
    return process.getOutputStream();
  }

  /** The child's standard output, for a child started with {@link #piped}. */
  public InputStream stdout() {
    return process.getInputStream();
  }

  public long pid() {
    return process.pid();
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** Resident memory of the child from /proc, in KiB. */
  public long rssKiB() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/" + pid() + "/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    throw new IOException("no VmRSS in /proc/" + pid() + "/status");
  }

  /** Sockets the child holds open now (listening and connected), from /proc. */
  public int openSockets() throws IOException {
    int sockets = 0;
    try (var fds = Files.newDirectoryStream(Path.of("/proc/" + pid() + "/fd"))) {
      for (Path fd : fds) {
        try {
          if (Files.readSymbolicLink(fd).toString().startsWith("socket:")) {
            sockets++;
          }
        } catch (IOException closedMeanwhile) {
          // The descriptor closed between listing and reading; it is not held.
        }
      }
    }
    return sockets;
  }

  public String logTail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Sends SIGKILL and waits until the process is gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor();
    Log.info("killed " + name + " with SIGKILL (pid " + process.pid() + ")");
  }

  /** Closes its input (children that watch it exit), else asks it to stop, then kills it. */
  @Override
  public void close() {
    if (!process.isAlive()) {
      return;
    }
    try {
      process.getOutputStream().close();
      if (!watchesInput || !process.waitFor(3, TimeUnit.SECONDS)) {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
      }
      Log.info("stopped " + name + " (pid " + process.pid() + ")");
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ")";
  }
}
