package io.kxm.dist;

import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Real child processes with exactly the environment given, nothing inherited, and every process
 * started here ended by {@link #close()}.
 */
final class Processes implements AutoCloseable {
  static final long WAIT_SECONDS = 90;

  record Result(int exit, String out, String err) {}

  /** A process left running, its stdout read line by line as it comes. */
  record Running(Process process, BlockingQueue<Optional<String>> lines, Path err) {
    /** The next stdout line, failing the test when none comes in time or stdout ended. */
    String nextLine(String waitingFor) throws InterruptedException {
      Optional<String> line = lines.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      if (line == null || line.isEmpty()) {
        return fail("%s: no line of stdout came (%s); stderr:%n%s", waitingFor, state(), errText());
      }
      return line.get();
    }

    String state() {
      return process.isAlive() ? "still running" : "exited " + process.exitValue();
    }

    String errText() {
      try {
        return Files.readString(err);
      } catch (IOException e) {
        return "(stderr unreadable: " + e + ")";
      }
    }
  }

  private final Path logs;
  private final List<Process> started = new ArrayList<>();

  Processes(Path logs) {
    this.logs = logs;
  }

  Result run(Map<String, String> env, Path dir, List<String> command) throws Exception {
    Path out = Files.createTempFile(logs, "out", ".txt");
    Path err = Files.createTempFile(logs, "err", ".txt");
    ProcessBuilder builder =
        builder(env, dir, command)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    Process process = track(builder.start());
    if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("%s did not end within %d s; stderr:%n%s", command, WAIT_SECONDS, Files.readString(err));
    }
    return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  Running start(Map<String, String> env, Path dir, List<String> command) throws IOException {
    Path err = Files.createTempFile(logs, "err", ".txt");
    ProcessBuilder builder = builder(env, dir, command).redirectError(err.toFile());
    Process process = track(builder.start());
    // Each line as it comes, then one empty value when stdout ends.
    BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
    Thread reader =
        new Thread(() -> readLines(process.getInputStream(), lines), "stdout " + command);
    reader.setDaemon(true);
    reader.start();
    return new Running(process, lines, err);
  }

  private static ProcessBuilder builder(Map<String, String> env, Path dir, List<String> command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    return builder;
  }

  private Process track(Process process) {
    synchronized (started) {
      started.add(process);
    }
    return process;
  }

  private static void readLines(InputStream in, BlockingQueue<Optional<String>> lines) {
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        lines.add(Optional.of(line));
      }
    } catch (IOException e) {
      // The process ended or was ended: its stdout is closed either way.
    } finally {
      lines.add(Optional.empty());
    }
  }

  /** Ends whatever is still running, children first, and waits for it. */
  @Override
  public void close() throws InterruptedException {
    List<Process> all;
    synchronized (started) {
      all = List.copyOf(started);
    }
    for (Process process : all) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    for (Process process : all) {
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }
}
