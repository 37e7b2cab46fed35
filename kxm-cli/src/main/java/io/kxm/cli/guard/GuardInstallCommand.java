package io.kxm.cli.guard;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.AtomicFiles;
import io.kxm.runtime.git.Git;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kxm guard install}: writes the checkout's pre-commit hook (where {@code core.hooksPath}
 * puts hooks, if set), and with {@code --agent} the name commits are checked as.
 */
@Command(
    name = "install",
    mixinStandardHelpOptions = true,
    description = {
      "Install a Git pre-commit hook that runs 'kxm guard check --staged'.",
      "The hook refuses a commit that touches a path another agent holds exclusively, or a file"
          + " edited under a reservation that another agent's later one superseded. When the hub"
          + " cannot be asked it refuses too, saying why; 'git commit --no-verify' skips it"
          + " knowingly. Commits are checked as KXM_AGENT_NAME, else as the name --agent saves"
          + " in the checkout's Git config (kxm.agent)."
    })
public final class GuardInstallCommand implements Callable<Integer> {
  static final String MARKER = "kxm guard check";
  static final String HOOK =
      """
      #!/bin/sh
      # Refuses a commit that touches paths another agent has reserved (kxm guard check).
      # Written by 'kxm guard install'; delete this file to stop the check.
      exec "${KXM_BIN:-kxm}" guard check --staged
      """;

  private final CliContext context;

  @Option(names = "--force", description = "Replace a pre-commit hook that is not kxm's.")
  boolean force;

  @Option(
      names = "--agent",
      paramLabel = "NAME",
      description = "Save NAME as the agent commits here are checked as (git config kxm.agent).")
  String agent;

  public GuardInstallCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws Exception {
    Checkout checkout = GuardCheckCommand.requireCheckout(context);
    Path hooks = hooksFolder(checkout);
    Path hook = hooks.resolve("pre-commit");
    if (Files.exists(hook)
        && !force
        && !Files.readString(hook, StandardCharsets.UTF_8).contains(MARKER)) {
      throw new KxmException(
          ErrorCode.GIT_HOOK_TAKEN,
          hook + " already exists and is not kxm's; it was left as it is");
    }
    Files.createDirectories(hooks);
    AtomicFiles.replace(hook, HOOK.getBytes(StandardCharsets.UTF_8));
    makeExecutable(hook);
    if (agent != null) {
      setAgent(checkout, agent.strip());
    }
    context.out().println("installed " + hook);
    context.out().flush();
    return 0;
  }

  /**
   * Where Git runs this checkout's hooks from: {@code core.hooksPath} of the repository or the
   * user, else the common Git folder's {@code hooks} (shared by all worktrees). Asked scope by
   * scope, since {@code Git.run} turns hooks off with a command-line {@code core.hooksPath}.
   */
  private static Path hooksFolder(Checkout checkout) throws InterruptedException {
    Git git = Git.in(checkout.root()).timeout(Checkout.GIT_TIMEOUT);
    for (String scope : new String[] {"--local", "--global"}) {
      if (git.run("config", scope, "--get", "core.hooksPath") instanceof Git.Exited set
          && set.ok()
          && !set.text().isBlank()) {
        return checkout.root().resolve(set.text().strip()).normalize();
      }
    }
    if (git.run("rev-parse", "--git-common-dir") instanceof Git.Exited common
        && common.ok()
        && !common.text().isBlank()) {
      return checkout.root().resolve(common.text().strip()).resolve("hooks").normalize();
    }
    return checkout.gitDir().resolve("hooks");
  }

  private static void setAgent(Checkout checkout, String name) throws InterruptedException {
    if (name.isEmpty()
        || !(Git.in(checkout.root())
                .timeout(Checkout.GIT_TIMEOUT)
                .run("config", "--local", GuardCheckCommand.AGENT_CONFIG, name)
            instanceof Git.Exited set)
        || !set.ok()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "could not save --agent '" + name + "' in the Git config");
    }
  }

  private static void makeExecutable(Path hook) throws IOException {
    Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
