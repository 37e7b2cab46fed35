package io.kxm.session.builtin;

import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.runtime.gate.ProcessTree;
import io.kxm.runtime.process.OutputCapture;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.session.provider.ToolSpec;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code run_command}: runs a program (an argv, no shell) or a shell line ({@code sh -c}) in the
 * folder, with the turn's filtered environment, a time limit and bounded output. When it exits,
 * times out or the turn is cancelled, whatever it started is ended too. In a sandboxed turn each
 * command runs inside {@link Sandbox}: no network, writable only in the workspace.
 */
final class RunCommandTool implements WorkspaceTool {
  static final int DEFAULT_TIMEOUT_SECONDS = 120;
  static final int MAX_TIMEOUT_SECONDS = 600;
  static final int HEAD_BYTES = 16 * 1024;
  static final int TAIL_BYTES = 48 * 1024;
  static final Duration KILL_GRACE = Duration.ofSeconds(2);

  private final Map<String, String> environment;
  private final Sandbox sandbox;

  /**
   * @param environment what the command's process gets, already stripped of secrets
   * @param sandbox holds each command, with no network and only the workspace writable; null runs
   *     commands as they are
   */
  RunCommandTool(Map<String, String> environment, Sandbox sandbox) {
    this.environment = Map.copyOf(environment);
    this.sandbox = sandbox;
  }

  @Override
  public ToolSpec spec() {
    return new ToolSpec(
        "run_command",
        "Runs a command in the workspace and returns its exit code and output (stdout and stderr"
            + " together, the middle of long output left out). Give argv (a program and its"
            + " arguments, no shell) or command (a line for sh -c). Needs a person's approval"
            + " unless the session allows commands.",
        Json.read(
            """
            {"type":"object","properties":{
              "argv":{"type":"array","items":{"type":"string"}},
              "command":{"type":"string"},
              "timeout_seconds":{"type":"integer","minimum":1,"maximum":600}}}
            """));
  }

  @Override
  public boolean changesFiles() {
    return true;
  }

  @Override
  public ToolRun run(ToolInput input, WorkspacePaths at) throws InterruptedException {
    List<String> argv;
    if (input.has("argv") == input.has("command")) {
      throw new ToolRefusal("give either argv or command, not both and not neither");
    }
    argv = input.has("argv") ? input.texts("argv") : List.of("sh", "-c", input.text("command"));
    if (argv.stream().anyMatch(a -> a.indexOf('\0') >= 0)) {
      throw new ToolRefusal("arguments must not hold NUL characters");
    }
    int timeout = input.number("timeout_seconds", DEFAULT_TIMEOUT_SECONDS, 1, MAX_TIMEOUT_SECONDS);
    List<String> command;
    try {
      command = sandbox == null ? argv : sandbox.wrap(argv, at.root(), "run_command");
    } catch (KxmException e) {
      throw new ToolRefusal(e.getMessage());
    }
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(at.root().toFile()).redirectErrorStream(true);
    builder.environment().clear();
    builder.environment().putAll(environment);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new ToolRefusal("'" + argv.getFirst() + "' did not start: " + e.getMessage());
    }
    ProcessTree tree = new ProcessTree(process);
    closeQuietly(process);
    OutputCapture output = new OutputCapture(HEAD_BYTES, TAIL_BYTES);
    Thread reader = Thread.ofVirtual().start(() -> output.drain(process.getInputStream()));
    boolean exited = false;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeout);
      while (!exited && System.nanoTime() < deadline) {
        tree.remember();
        exited = process.waitFor(50, TimeUnit.MILLISECONDS);
      }
    } finally {
      // Ends the command when it ran past its time or the turn was cancelled (interrupted), and
      // whatever it left running in the background once it exited.
      if (exited) {
        tree.killLeftovers(KILL_GRACE);
      } else {
        tree.kill(KILL_GRACE);
      }
    }
    reader.join(KILL_GRACE.toMillis());
    // Output goes to the provider and into the run's events; credentials a command printed do not.
    String printed = Redactor.redact(output.text());
    if (!exited) {
      return ToolRun.error("timed out after " + timeout + " s and was ended\n" + printed);
    }
    int code = process.exitValue();
    String said = "exit code " + code + "\n" + printed;
    return code == 0 ? ToolRun.ok(said) : ToolRun.error(said);
  }

  private static void closeQuietly(Process process) {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // the command does not read stdin anyway
    }
  }
}
