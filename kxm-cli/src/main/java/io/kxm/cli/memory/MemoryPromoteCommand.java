package io.kxm.cli.memory;

import io.kxm.cli.CliContext;
import io.kxm.runtime.memory.SkillLock;
import io.kxm.runtime.memory.SkillState;
import io.kxm.runtime.memory.Skills;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code kxm memory promote}: records a reviewed skill's hash so agents receive it. */
@Command(
    name = "promote",
    mixinStandardHelpOptions = true,
    description = {
      "Promote a skill: record its SHA-256 in " + SkillLock.PATH + ". Commit that file to let",
      "dispatched agents receive the skill; any later edit of the skill needs a new promotion."
    })
public final class MemoryPromoteCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(paramLabel = "SKILL", description = "The skill's name, from its front matter.")
  String name;

  public MemoryPromoteCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    SkillState state = Skills.promote(context.projectPaths().root(), name);
    context
        .out()
        .println(
            "promoted "
                + state.name()
                + " ("
                + state.file()
                + ", sha256 "
                + state.actualSha256()
                + "); commit "
                + SkillLock.PATH
                + " to activate it");
    context.out().flush();
    return 0;
  }
}
