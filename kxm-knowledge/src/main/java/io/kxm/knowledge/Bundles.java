package io.kxm.knowledge;

import io.kxm.core.Version;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Exports distilled knowledge as a {@link Bundle}, writes and reads bundle files, and imports a
 * bundle into another database. Importing is idempotent: entries keep their ids, and an entry
 * already present is skipped.
 */
public final class Bundles {
  /** The largest bundle file read. */
  public static final long MAX_BYTES = 32L * 1024 * 1024;

  private Bundles() {}

  /** What an import did. */
  public record Injected(int added, int alreadyPresent) {}

  /**
   * The distillations of {@code db}: all of them, or when {@code task} is given those for that task
   * and those broadcast to every task.
   */
  public static Bundle export(KnowledgeStore db, String task) {
    if (task != null) {
      Checks.text("task", task, Checks.MAX_ID);
    }
    KnowledgeEntries entries = new KnowledgeEntries(db);
    List<KnowledgeEntry> distilled = db.read(c -> entries.distillations(c, task));
    TreeSet<String> tasks = new TreeSet<>();
    TreeSet<Integer> generations = new TreeSet<>();
    distilled.forEach(e -> {
      tasks.add(e.taskId());
      generations.add(e.generation());
    });
    return new Bundle(
        Bundle.VERSION,
        db.databaseId(),
        Instant.ofEpochMilli(db.clock().millis()),
        List.copyOf(tasks),
        distilled,
        new Bundle.Provenance("kxm " + Version.current(), task, List.copyOf(generations)));
  }

  /** The bundle's JSON text. */
  public static String toJson(Bundle bundle) {
    ObjectNode root =
        Json.object()
            .put("format", Bundle.FORMAT)
            .put("version", bundle.version())
            .put("sourceDatabaseId", bundle.sourceDatabaseId())
            .put("exportedAt", bundle.exportedAt().toString());
    ArrayNode tasks = root.putArray("tasks");
    bundle.tasks().forEach(tasks::add);
    ArrayNode entries = root.putArray("entries");
    bundle.entries().forEach(e -> entries.add(EntryJson.of(e)));
    ObjectNode provenance = root.putObject("provenance");
    provenance.put("exportedBy", bundle.provenance().exportedBy());
    if (bundle.provenance().taskFilter() != null) {
      provenance.put("taskFilter", bundle.provenance().taskFilter());
    }
    ArrayNode generations = provenance.putArray("generations");
    bundle.provenance().generations().forEach(generations::add);
    return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
  }

  /** Writes the bundle to {@code file}, owner-only, replacing it whole. */
  public static void write(Bundle bundle, Path file) {
    SecureFiles.writeOwnerOnly(file, toJson(bundle).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Reads and checks a bundle file; anything wrong is refused with {@code knowledge_bundle_invalid}
   * naming the field.
   */
  public static Bundle read(Path file) {
    if (Files.isSymbolicLink(file) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new KxmException(ErrorCode.KNOWLEDGE_BUNDLE_INVALID, file + " is not a regular file");
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      bytes = in.readNBytes((int) MAX_BYTES + 1);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.KNOWLEDGE_BUNDLE_INVALID, "cannot read " + file + ": " + e.getMessage());
    }
    if (bytes.length > MAX_BYTES) {
      throw new KxmException(
          ErrorCode.KNOWLEDGE_BUNDLE_INVALID,
          file + " is larger than the " + MAX_BYTES + "-byte limit for a bundle");
    }
    return BundleParser.parse(new String(bytes, StandardCharsets.UTF_8));
  }

  /** Imports the bundle's entries into {@code db} in one transaction, skipping those present. */
  public static Injected inject(KnowledgeStore db, Bundle bundle) {
    Objects.requireNonNull(bundle, "bundle");
    KnowledgeEntries entries = new KnowledgeEntries(db);
    return db.write(c -> {
      int added = 0;
      int present = 0;
      for (KnowledgeEntry e : bundle.entries()) {
        Optional<KnowledgeEntry> existing = entries.find(c, e.id());
        if (existing.isEmpty()) {
          entries.insertIfAbsent(c, e);
          added++;
        } else if (!existing.get().content().equals(e.content())
            || existing.get().type() != e.type()
            || !existing.get().taskId().equals(e.taskId())) {
          throw new KxmException(
              ErrorCode.KNOWLEDGE_BUNDLE_INVALID,
              "entry "
                  + e.id()
                  + " is already in "
                  + db.location()
                  + " with different content; the bundle does not come from the database"
                  + " its ids say");
        } else {
          present++;
        }
      }
      return new Injected(added, present);
    });
  }
}
