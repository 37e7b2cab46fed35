package io.kxm.knowledge;

import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Condenses one generation's attempts and forum posts into distillation entries: one per-task
 * bundle for each task, then cross-task bundles, either one conditioned on each downstream target
 * task (stored under that task) or one broadcast bundle (stored under {@link
 * SourcePhases#CROSS_TASK}). Bundles of one kind are produced in parallel; a producer that fails
 * costs its own bundle only.
 */
public final class Distiller {
  /** The most entries one request carries; the newest are kept. */
  public static final int MAX_MATERIAL = 400;

  private static final Set<EntryType> TASK_MATERIAL =
      Set.of(EntryType.ATTEMPT, EntryType.POST, EntryType.INSIGHT);

  private final KnowledgeStore db;
  private final KnowledgeEntries entries;
  private final DistillationProducer producer;

  public Distiller(KnowledgeStore db, DistillationProducer producer) {
    this.db = db;
    this.entries = new KnowledgeEntries(db);
    this.producer = producer;
  }

  /**
   * Distills generation {@code generation} of {@code tasks}.
   *
   * @param targets the tasks the next generation works on; cross-task bundles are conditioned on
   *     each of them when {@code targetConditioning}
   * @param targetConditioning one cross-task bundle per target (true), or one broadcast (false)
   */
  public DistillationOutcome distill(
      int generation, List<String> tasks, List<String> targets, boolean targetConditioning)
      throws InterruptedException {
    Map<String, String> failures = new LinkedHashMap<>();
    List<DistillationRequest> perTask = new ArrayList<>();
    for (String task : tasks) {
      List<KnowledgeEntry> material = material(task, generation);
      if (!material.isEmpty()) {
        perTask.add(
            new DistillationRequest(
                DistillationRequest.Scope.PER_TASK, task, generation, newest(material)));
      }
    }
    List<KnowledgeEntry> perTaskWritten = run(perTask, failures);

    List<KnowledgeEntry> shared = new ArrayList<>(material(SourcePhases.CROSS_TASK, generation));
    for (String task : tasks) {
      shared.addAll(material(task, generation));
    }
    shared.addAll(perTaskWritten);
    List<DistillationRequest> cross = new ArrayList<>();
    if (!shared.isEmpty()) {
      List<String> keys = targetConditioning ? targets : List.of(SourcePhases.CROSS_TASK);
      for (String target : keys) {
        cross.add(
            new DistillationRequest(
                DistillationRequest.Scope.CROSS_TASK, target, generation, newest(shared)));
      }
    }
    List<KnowledgeEntry> crossWritten = run(cross, failures);
    return new DistillationOutcome(perTaskWritten, crossWritten, failures);
  }

  private List<KnowledgeEntry> material(String task, int generation) {
    return entries.byTask(task).stream()
        .filter(e -> e.generation() == generation && TASK_MATERIAL.contains(e.type()))
        .toList();
  }

  private static List<KnowledgeEntry> newest(List<KnowledgeEntry> all) {
    return all.size() <= MAX_MATERIAL ? all : all.subList(all.size() - MAX_MATERIAL, all.size());
  }

  private List<KnowledgeEntry> run(List<DistillationRequest> requests, Map<String, String> failures)
      throws InterruptedException {
    List<Future<String>> produced = new ArrayList<>();
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (DistillationRequest request : requests) {
        produced.add(pool.submit(() -> producer.distill(request)));
      }
      List<KnowledgeEntry> written = new ArrayList<>();
      for (int i = 0; i < requests.size(); i++) {
        DistillationRequest request = requests.get(i);
        String key = request.sourcePhase() + ":" + request.targetTaskId();
        try {
          written.add(entries.add(entry(request, produced.get(i).get())));
        } catch (ExecutionException e) {
          failures.put(key, Redactor.redact(String.valueOf(e.getCause().getMessage())));
        } catch (KxmException e) {
          failures.put(key, "the producer's text was refused: " + e.getMessage());
        }
      }
      return written;
    }
  }

  private NewEntry entry(DistillationRequest request, String text) {
    return new NewEntry(
        EntryType.DISTILLATION,
        request.sourcePhase(),
        request.targetTaskId(),
        null,
        request.generation(),
        0,
        producer.name(),
        null,
        text,
        null);
  }
}
