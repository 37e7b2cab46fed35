package io.kxm.session.harness;

import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/** Real harness processes for tests: python3 scripts in a workspace folder, and their outputs. */
final class HarnessFixture {
  static final String PYTHON = "/usr/bin/python3";
  static final Duration TURN = Duration.ofSeconds(30);

  final Path workspace;

  HarnessFixture(Path workspace) {
    this.workspace = workspace;
  }

  /** The example agent shipped in the repository. */
  static Path echoAgent() {
    // tests run in the module folder; the example lives at the repository root
    Path here = Path.of("").toAbsolutePath();
    Path agent = here.resolveSibling("examples/harness/echo-agent.py");
    return Files.exists(agent) ? agent : here.resolve("examples/harness/echo-agent.py");
  }

  CommandHarness echoHarness() {
    return harness(List.of(PYTHON, echoAgent().toString()), System.getenv());
  }

  /** A harness running {@code source} as a python3 script written to the workspace. */
  CommandHarness script(String source) throws IOException {
    return script(source, System.getenv());
  }

  CommandHarness script(String source, Map<String, String> environment) throws IOException {
    Path file = Files.createTempFile(workspace, "harness-", ".py");
    Files.writeString(file, source);
    return harness(List.of(PYTHON, file.toString()), environment);
  }

  CommandHarness harness(List<String> argv, Map<String, String> environment) {
    return new CommandHarness(
        new HarnessSpec(HarnessSpec.COMMAND, argv), environment, Clock.systemUTC());
  }

  TurnInput turn(String prompt) {
    return turn(prompt, List.of(), List.of());
  }

  TurnInput turn(String prompt, List<SessionMessage> history, List<JsonNode> resumed) {
    return new TurnInput(
        "ses_fixture", "srun_fixture", workspace.toString(), null, prompt, history, resumed);
  }

  /** Collects a turn's outputs in the order the listener got them. */
  static final class Outputs implements Consumer<HarnessOutput> {
    final List<HarnessOutput> seen = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void accept(HarnessOutput output) {
      seen.add(output);
    }

    <T extends HarnessOutput> List<T> of(Class<T> type) {
      synchronized (seen) {
        return seen.stream().filter(type::isInstance).map(type::cast).toList();
      }
    }
  }

  /** Runs {@code prompt} through {@code harness} to its end. */
  static Result run(CommandHarness harness, TurnInput input) throws InterruptedException {
    Outputs outputs = new Outputs();
    try (var turn = (ProcessTurn) harness.start(input, outputs)) {
      TurnOutcome outcome = turn.await(TURN);
      if (outcome == null) {
        throw new AssertionError("the turn did not end within " + TURN);
      }
      return new Result(outcome, outputs, turn);
    }
  }

  record Result(TurnOutcome outcome, Outputs outputs, ProcessTurn turn) {}
}
