package io.kxm.cli.memory;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.runtime.memory.MemoryFile;
import io.kxm.runtime.memory.MemoryFiles;
import io.kxm.runtime.memory.MemoryKind;
import io.kxm.runtime.memory.SkillState;
import io.kxm.runtime.memory.Skills;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm memory list}: every memory and skill file, skills with their promotion state. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "List .kxm/memory and .kxm/skills. A skill is promoted, candidate (never promoted),",
      "hash-mismatch (changed since promotion) or missing (promoted, file gone)."
    })
public final class MemoryListCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print the list as JSON on stdout.")
  boolean json;

  public MemoryListCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path root = context.projectPaths().root();
    List<MemoryFile> memories = MemoryFiles.load(root, MemoryKind.MEMORY);
    List<SkillState> skills = Skills.states(root);
    Map<String, MemoryFile> skillFiles = new LinkedHashMap<>();
    MemoryFiles.load(root, MemoryKind.SKILL).forEach(f -> skillFiles.put(f.name(), f));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (MemoryFile memory : memories) {
      rows.add(row("memory", memory.name(), memory.path(), "reviewed", memory));
    }
    for (SkillState skill : skills) {
      rows.add(
          row(
              "skill",
              skill.name(),
              skill.file(),
              skill.status().wireName(),
              skillFiles.get(skill.name())));
    }
    if (json) {
      context.out().println(Json.write(Map.of("entries", rows)));
    } else if (rows.isEmpty()) {
      context.out().println("no memory or skills in .kxm/memory and .kxm/skills");
    } else {
      for (Map<String, Object> row : rows) {
        context
            .out()
            .printf(
                "%-6s  %-24s  %-13s  %s%n",
                row.get("kind"),
                row.get("name"),
                row.get("state"),
                row.getOrDefault("description", row.get("file")));
      }
    }
    context.out().flush();
    return 0;
  }

  private static Map<String, Object> row(
      String kind, String name, String file, String state, MemoryFile parsed) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("kind", kind);
    row.put("name", name);
    row.put("file", file);
    row.put("state", state);
    if (parsed != null) {
      row.put("description", parsed.description());
      row.put("tags", parsed.tags());
      row.put("sha256", parsed.sha256());
    }
    return row;
  }
}
