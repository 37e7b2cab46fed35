package io.kxm.cli.memory;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.runtime.memory.SkillState;
import io.kxm.runtime.memory.Skills;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm memory verify}: a merge gate that every promoted skill still matches its hash. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Check every memory and skill file and every promoted skill's hash. Exits 1 with",
      "skill_hash_mismatch when a promoted skill changed or is gone, memory_invalid on a bad file."
    })
public final class MemoryVerifyCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print the verified skills as JSON on stdout.")
  boolean json;

  public MemoryVerifyCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    List<SkillState> promoted = Skills.verify(context.projectPaths().root());
    if (json) {
      context
          .out()
          .println(
              Json.write(
                  Map.of(
                      "verified",
                      promoted.stream()
                          .map(s -> Map.of("name", s.name(), "sha256", s.actualSha256()))
                          .toList())));
    } else {
      context.out().println(promoted.size() + " promoted skill(s) match their recorded hash");
    }
    context.out().flush();
    return 0;
  }
}
