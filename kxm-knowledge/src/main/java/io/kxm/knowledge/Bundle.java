package io.kxm.knowledge;

import java.time.Instant;
import java.util.List;

/**
 * Distilled knowledge exported from one knowledge database, to seed another ({@code kxm evolve
 * --seed-bundle}). Written and read by {@link Bundles}; its JSON form is versioned.
 *
 * @param sourceDatabaseId the {@link KnowledgeStore#databaseId()} it was exported from
 * @param tasks the task ids its entries are about, sorted
 * @param entries the distillation entries, in the order they were written
 */
public record Bundle(
    int version,
    String sourceDatabaseId,
    Instant exportedAt,
    List<String> tasks,
    List<KnowledgeEntry> entries,
    Provenance provenance) {
  /** The format name every bundle file carries. */
  public static final String FORMAT = "kxm.knowledge-bundle";

  /** The version this build writes and reads. */
  public static final int VERSION = 1;

  public Bundle {
    tasks = List.copyOf(tasks);
    entries = List.copyOf(entries);
  }

  /**
   * Where a bundle came from.
   *
   * @param exportedBy the product and version that wrote it
   * @param taskFilter the task the export was limited to; null for every task
   * @param generations the generations its entries were distilled in, sorted
   */
  public record Provenance(String exportedBy, String taskFilter, List<Integer> generations) {
    public Provenance {
      generations = List.copyOf(generations);
    }
  }
}
