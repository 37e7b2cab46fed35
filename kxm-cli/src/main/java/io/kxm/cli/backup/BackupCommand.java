package io.kxm.cli.backup;

import io.kxm.cli.CliContext;
import io.kxm.cli.backup.BackupManifest.Entry;
import io.kxm.cli.backup.BackupManifest.Method;
import io.kxm.cli.stores.StoreFile;
import io.kxm.cli.stores.StoreInventory;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm backup}: a consistent copy of every store of this project and state root. */
@Command(
    name = "backup",
    mixinStandardHelpOptions = true,
    description = {
      "Back up every store this machine keeps for the project in this folder: the hub's store,",
      "each project's run events and heads, the supervisor's sessions and registry, the evolve",
      "database and the state files, with a manifest.json (schema versions, rows, SHA-256).",
      "Runs while the hub and the supervisor keep serving. Credentials and keys are left out",
      "unless --include-secrets is given. Progress goes to stderr. See docs/backup.md."
    },
    subcommands = BackupVerifyCommand.class)
public final class BackupCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "New or empty folder for the backup (default: .kxm/backups/<UTC time>/).")
  Path out;

  @Option(names = "--include-secrets", description = "Also copy credentials and keys (0600).")
  boolean includeSecrets;

  @Option(names = "--json", description = "Print a summary of the manifest as one JSON object.")
  boolean json;

  public BackupCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    StoreInventory inventory = StoreInventory.of(context);
    Clock clock = Clock.systemUTC();
    Path dir =
        out == null
            ? defaultFolder(inventory, clock.instant())
            : context.workingDir().resolve(out).normalize();
    BackupManifest manifest =
        new BackupTaker(inventory, context.env(), context.err(), clock).take(dir, includeSecrets);
    if (json) {
      context.out().println(Json.write(summary(dir, manifest)));
    } else {
      print(dir, manifest);
    }
    context.out().flush();
    return 0;
  }

  private void print(Path dir, BackupManifest manifest) {
    context.out().println("backup written to " + dir);
    for (Entry entry : manifest.stores()) {
      context.out().println("  " + line(entry));
    }
    context
        .out()
        .println(
            manifest.secretsIncluded()
                ? "secrets: included, written owner-only (0600); keep this folder private"
                : "secrets: left out; pass --include-secrets to copy credentials and keys");
    context.out().println("check it with: kxm backup verify " + dir);
  }

  private static String line(Entry entry) {
    StringBuilder line = new StringBuilder(entry.name()).append(": ");
    switch (entry.method()) {
      case VACUUM_INTO ->
          line.append("sqlite, schema ")
              .append(entry.schemaVersion())
              .append(", ")
              .append(entry.rows().values().stream().mapToLong(Long::longValue).sum())
              .append(" rows, ")
              .append(entry.size())
              .append(" bytes");
      case COPY ->
          line.append(entry.kind() == StoreFile.Kind.SECRET ? "secret, " : "file, ")
              .append(entry.size())
              .append(" bytes");
      case PG_DUMP -> line.append("postgres, ").append(entry.note());
      case NOT_COPIED -> line.append("not copied: ").append(entry.note());
    }
    return line.toString();
  }

  static Map<String, Object> summary(Path dir, BackupManifest manifest) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("dir", dir.toString());
    out.put("version", manifest.version());
    out.put("createdAt", manifest.createdAt().toString());
    out.put("secretsIncluded", manifest.secretsIncluded());
    List<Map<String, Object>> stores = new ArrayList<>();
    for (Entry entry : manifest.stores()) {
      Map<String, Object> store = new LinkedHashMap<>();
      store.put("name", entry.name());
      store.put("kind", entry.kind().name().toLowerCase(java.util.Locale.ROOT));
      store.put("method", entry.method().name().toLowerCase(java.util.Locale.ROOT));
      store.put("copied", entry.method() != Method.NOT_COPIED);
      if (entry.schemaVersion() != null) {
        store.put("schemaVersion", entry.schemaVersion());
      }
      if (entry.size() != null) {
        store.put("size", entry.size());
        store.put("sha256", entry.sha256());
      }
      if (!entry.rows().isEmpty()) {
        store.put("rows", entry.rows().values().stream().mapToLong(Long::longValue).sum());
      }
      if (entry.note() != null) {
        store.put("note", entry.note());
      }
      stores.add(store);
    }
    out.put("stores", stores);
    return out;
  }

  /** {@code .kxm/backups/<UTC time>/}, with {@code -2}, {@code -3}... when taken twice a second. */
  private static Path defaultFolder(StoreInventory inventory, Instant now) {
    Path backups = inventory.project().kxmDir().resolve("backups");
    try {
      SecureFiles.createPrivateDirectories(backups);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.BACKUP_WRITE_FAILED, "cannot create " + backups + ": " + e.getMessage(), e);
    }
    String stamp = Restorer.STAMP.format(now);
    Path dir = backups.resolve(stamp);
    for (int n = 2; Files.exists(dir, LinkOption.NOFOLLOW_LINKS); n++) {
      dir = backups.resolve(stamp + "-" + n);
    }
    return dir;
  }
}
