package io.kxm.knowledge.evolve;

import io.kxm.knowledge.EntryType;
import io.kxm.knowledge.KnowledgeEntries;
import io.kxm.knowledge.KnowledgeEntry;
import io.kxm.knowledge.SourcePhases;
import io.kxm.runtime.memory.MemoryBrief;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Enriches a seed: the task (test outputs hidden), the task's earlier attempts with their scores,
 * the distilled bundles for it (its own, those for every task, injected ones) and the memory brief.
 * With memory off a seed holds the task alone.
 */
final class SeedBuilder {
  /** Attempts beyond this many are left out of a seed, oldest first; the note says so. */
  static final int MAX_PRIOR_ATTEMPTS = 12;

  /** Bundles beyond this many are left out of a seed, oldest first; the note says so. */
  static final int MAX_BUNDLES = 8;

  private static final int PRIOR_ANSWER_CHARS = 2_000;

  private final EvolutionLog store;
  private final KnowledgeEntries entries;
  private final boolean memory;
  private final Path projectRoot;
  private MemoryBriefing brief;

  SeedBuilder(EvolutionLog store, boolean memory, Path projectRoot) {
    this.store = store;
    this.entries = new KnowledgeEntries(store.database());
    this.memory = memory;
    this.projectRoot = projectRoot;
  }

  SeedPackage build(AttemptKey key, EvolveTask task) {
    EvolveTask visible = SeedPackage.withoutTestOutputs(task);
    List<String> notes = new ArrayList<>();
    if (!memory) {
      notes.add("memory off (--no-memory): no prior attempts, bundles or memory brief");
      return new SeedPackage(key, visible, List.of(), List.of(), null, notes);
    }
    List<SeedPackage.PriorAttempt> prior = store.priorAttempts(task.id(), key.generation());
    if (prior.size() > MAX_PRIOR_ATTEMPTS) {
      notes.add(
          (prior.size() - MAX_PRIOR_ATTEMPTS)
              + " older attempts left out; the newest "
              + MAX_PRIOR_ATTEMPTS
              + " are shown");
      prior = prior.subList(prior.size() - MAX_PRIOR_ATTEMPTS, prior.size());
    }
    List<SeedPackage.PriorAttempt> clipped =
        prior.stream()
            .map(p ->
                new SeedPackage.PriorAttempt(
                    p.generation(), p.agent(), p.status(), p.score(), p.solved(), clip(p.answer())))
            .toList();
    if (brief == null) {
      // read once per run: the project's memory does not change while the loop runs
      brief = brief(projectRoot);
    }
    if (brief.note() != null) {
      notes.add(brief.note());
    }
    List<SeedPackage.SeedBundle> bundles = bundles(task.id());
    if (bundles.size() > MAX_BUNDLES) {
      notes.add(
          (bundles.size() - MAX_BUNDLES)
              + " older bundles left out; the newest "
              + MAX_BUNDLES
              + " are shown");
      bundles = bundles.subList(bundles.size() - MAX_BUNDLES, bundles.size());
    }
    return new SeedPackage(key, visible, clipped, bundles, brief.text(), notes);
  }

  private List<SeedPackage.SeedBundle> bundles(String taskId) {
    List<SeedPackage.SeedBundle> out = new ArrayList<>();
    List<KnowledgeEntry> distilled = new ArrayList<>();
    for (String id : List.of(taskId, SourcePhases.CROSS_TASK)) {
      entries.byTask(id).stream()
          .filter(e -> e.type() == EntryType.DISTILLATION)
          .forEach(distilled::add);
    }
    // oldest first, so the newest are the ones kept when a seed has too many
    distilled.sort(java.util.Comparator.comparing(KnowledgeEntry::createdAt));
    for (KnowledgeEntry e : distilled) {
      out.add(new SeedPackage.SeedBundle(e.id(), e.sourcePhase(), e.taskId(), e.content()));
    }
    return out;
  }

  private static MemoryBriefing brief(Path projectRoot) {
    if (projectRoot == null) {
      return MemoryBriefing.unavailable("memory brief skipped: no project folder given");
    }
    MemoryBrief brief = MemoryBrief.read(projectRoot);
    return brief.isEmpty()
        ? MemoryBriefing.unavailable(
            "memory brief empty: " + projectRoot + " has no .kxm/memory files or promoted skills")
        : new MemoryBriefing(brief.text(), null);
  }

  private static String clip(String answer) {
    return answer == null || answer.length() <= PRIOR_ANSWER_CHARS
        ? answer
        : answer.substring(0, PRIOR_ANSWER_CHARS) + "…";
  }

  /** The memory brief for a task, or why there is none. */
  record MemoryBriefing(String text, String note) {
    static MemoryBriefing unavailable(String why) {
      return new MemoryBriefing(null, why);
    }
  }
}
