package io.kxm.session.drive;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.producer.SimulatedProducer;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.session.turn.Harnesses;
import io.kxm.testkit.GitRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * A real Git project with a reviewed {@code .kxm/} tree, opened by the runtime with the live
 * producer over the standard harnesses, for tests that drive runs with real agents.
 */
final class LiveProject implements AutoCloseable {
  static final String PROJECT = "name: live\ndefaultHarness: builtin\n";

  static final String PRICES =
      """
      currency: USD
      prices:
        anthropic/claude-sonnet-4-5:
          inputPerMillion: 3
          outputPerMillion: 15
      """;

  /** A gate that passes only when the agent wrote the greeting. */
  static final String GATES =
      """
      gates:
        greeting:
          description: The greeting file says hello.
          argv: ["grep", "-q", "hello", "greeting.txt"]
          timeoutMs: 30000
      """;

  final Path root;
  final ProjectRuntime runtime;

  private LiveProject(Path root, ProjectRuntime runtime) {
    this.root = root;
    this.runtime = runtime;
  }

  /**
   * @param files {@code .kxm/}-relative path to content, beside the project, prices and gates
   * @param environment the supervisor's environment the harnesses get
   */
  static LiveProject create(Path tmp, Map<String, String> files, Map<String, String> environment)
      throws Exception {
    Path root = GitRepository.withOneCommit(tmp.resolve("repo"), "README.md", "a project\n");
    write(root, "project.yaml", PROJECT);
    write(root, "prices.yaml", PRICES);
    write(root, "gates.yaml", GATES);
    for (Map.Entry<String, String> f : files.entrySet()) {
      write(root, f.getKey(), f.getValue());
    }
    GitRepository.git(root, "add", "--all");
    GitRepository.git(
        root,
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.com",
        "commit",
        "-q",
        "-m",
        "kxm");
    StatePaths state = new StatePaths(Files.createDirectories(tmp.resolve("state")));
    Clock clock = Clock.systemUTC();
    ProjectRuntime runtime =
        ProjectRuntime.open(
            state,
            root,
            clock,
            new HarnessProducer(Harnesses.standard(environment, clock)),
            new SimulatedProducer(),
            new ProcessGateExecutor());
    return new LiveProject(root, runtime);
  }

  private static void write(Path root, String file, String content) throws Exception {
    Path target = root.resolve(".kxm").resolve(file);
    Files.createDirectories(target.getParent());
    Files.writeString(target, content);
  }

  @Override
  public void close() {
    runtime.close();
  }
}
