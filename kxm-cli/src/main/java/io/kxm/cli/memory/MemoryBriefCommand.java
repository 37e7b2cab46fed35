package io.kxm.cli.memory;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.runtime.memory.MemoryBrief;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code kxm memory brief}: prints the brief a dispatched agent receives. */
@Command(
    name = "brief",
    mixinStandardHelpOptions = true,
    description = {
      "Print the project memory brief: every .kxm/memory/*.md file and every promoted skill whose",
      "file still matches its recorded hash, bounded in size. Exits 1 on a malformed file."
    })
public final class MemoryBriefCommand implements Callable<Integer> {
  private final CliContext context;
  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print the brief, its files and what was left out.")
  boolean json;

  @Option(
      names = "--max-chars",
      paramLabel = "N",
      description = "Longest brief in characters, 1000 or more (default: ${DEFAULT-VALUE}).")
  int maxChars = MemoryBrief.DEFAULT_MAX_CHARS;

  public MemoryBriefCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (maxChars < 1_000) {
      throw new ParameterException(
          spec.commandLine(), "--max-chars must be 1000 or more, was " + maxChars);
    }
    MemoryBrief brief = MemoryBrief.read(context.projectPaths().root(), maxChars);
    if (json) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("text", brief.text());
      body.put(
          "included",
          brief.included().stream()
              .map(f -> Map.of("kind", f.kind().wireName(), "name", f.name(), "file", f.path()))
              .toList());
      body.put(
          "leftOut",
          brief.leftOut().stream()
              .map(l -> Map.of("file", l.file(), "reason", l.reason()))
              .toList());
      context.out().println(Json.write(body));
    } else if (brief.isEmpty()) {
      context.out().println("no project memory or promoted skills (.kxm/memory, .kxm/skills)");
    } else {
      context.out().print(brief.text());
    }
    if (!json) {
      for (MemoryBrief.LeftOut left : brief.leftOut()) {
        context.err().println("left out " + left.file() + ": " + left.reason());
      }
    }
    context.out().flush();
    return 0;
  }
}
