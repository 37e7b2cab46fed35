package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The floor of a live drive of {@value #TURNS} agent steps in the {@code command} harness: the same
 * turn program started {@value #TURNS} times in a row as bare child processes, each given one turn
 * line on stdin and read on stdout to its end. No store, no configuration, no supervisor.
 */
public final class BareCommandTurns implements Measure {
  /** Agent steps in the live-drive scenario's workflow, and turns in this baseline. */
  public static final int TURNS = 20;

  /**
   * The turn program both sides run: it reads the turn line and answers with one final message, as
   * a {@code command} harness does (docs/harness-protocol.md).
   */
  static final String PROGRAM =
      """
      #!/bin/sh
      head -n 1 > /dev/null
      echo '{"type":"message","text":"step done"}'
      """;

  private static final byte[] TURN_LINE =
      ("{\"type\":\"turn\",\"protocol\":1,\"prompt\":\"Step 1 of the run.\",\"history\":[]}\n")
          .getBytes(StandardCharsets.UTF_8);

  private List<String> command;

  /** Writes the turn program into {@code dir}; the argument list that runs it. */
  public static List<String> writeProgram(Path dir) throws IOException {
    Path program = dir.resolve("turn.sh");
    Files.writeString(program, PROGRAM);
    return List.of("/bin/sh", program.toString());
  }

  @Override
  public String what() {
    return TURNS + " sequential child processes of the same command turn program";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.millis("wall"));
  }

  @Override
  public void setup(Run run) throws Exception {
    command = writeProgram(run.newDir("bare-command-turns-"));
  }

  @Override
  public void prepare(Run run) throws Exception {
    turns(); // loads the shell into the page cache, as it is for a user
  }

  @Override
  public double[] once(Run run) throws Exception {
    int batches = run.size(1, 3);
    long t0 = System.nanoTime();
    for (int i = 0; i < batches; i++) {
      turns();
    }
    return new double[] {(System.nanoTime() - t0) / 1e6 / batches};
  }

  private void turns() throws Exception {
    for (int i = 0; i < TURNS; i++) {
      Process p = new ProcessBuilder(command).redirectError(Redirect.DISCARD).start();
      try (OutputStream in = p.getOutputStream()) {
        in.write(TURN_LINE);
      }
      byte[] answer;
      try (InputStream out = p.getInputStream()) {
        answer = out.readAllBytes();
      }
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || answer.length == 0) {
        p.destroyForcibly();
        throw new IllegalStateException("the turn program did not answer: " + command);
      }
    }
  }
}
