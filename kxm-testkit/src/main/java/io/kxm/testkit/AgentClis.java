package io.kxm.testkit;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The real agent CLIs ({@code claude}, {@code codex}, {@code pi}) on the PATH of the test run, as
 * {@code .ci/install-agent-clis} puts them there. A test that drives one calls {@link #require}: it
 * is skipped with a visible notice when the CLI is missing, unless {@code
 * KXM_REQUIRE_AGENT_CLIS=1}, when it fails.
 */
public final class AgentClis {
  private AgentClis() {}

  public static boolean required() {
    return "1".equals(System.getenv("KXM_REQUIRE_AGENT_CLIS"));
  }

  /** The CLI named {@code program} on the PATH; skips or fails the test when there is none. */
  public static Path require(String program) {
    Optional<Path> found = find(program);
    if (found.isPresent()) {
      return found.get();
    }
    String notice =
        "the agent CLI '"
            + program
            + "' is not on the PATH (.ci/install-agent-clis installs it); tests that drive it were"
            + " skipped";
    if (required()) {
      fail(notice.replace("were skipped", "cannot run") + " (KXM_REQUIRE_AGENT_CLIS=1)");
    }
    System.err.println("NOTICE: " + notice);
    assumeTrue(false, notice);
    throw new IllegalStateException("unreachable: the assumption above aborts the test");
  }

  /** The folder holding {@code program} on the PATH, for a child's PATH. */
  public static Path folderOf(String program) {
    return require(program).getParent();
  }

  /**
   * A package that {@code .ci/install-agent-clis} installs beside the CLIs, such as a protocol's
   * client library, by its folder under {@code node_modules}; skips or fails as {@link #require}.
   */
  public static Path npmPackage(String folder) {
    Path modules = folderOf("claude").getParent();
    Path found = modules.resolve(folder);
    if (Files.isRegularFile(found.resolve("package.json"))) {
      return found;
    }
    String notice =
        "the npm package '"
            + folder
            + "' is not in "
            + modules
            + " (.ci/install-agent-clis installs it); tests that use it were skipped";
    if (required()) {
      fail(notice.replace("were skipped", "cannot run") + " (KXM_REQUIRE_AGENT_CLIS=1)");
    }
    System.err.println("NOTICE: " + notice);
    assumeTrue(false, notice);
    throw new IllegalStateException("unreachable: the assumption above aborts the test");
  }

  private static Optional<Path> find(String program) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String folder : path.split(File.pathSeparator)) {
      if (folder.isBlank()) {
        continue;
      }
      Path candidate = Path.of(folder, program);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
