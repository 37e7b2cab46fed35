package io.kxm.cli.setup;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.paths.AtomicFiles;
import io.kxm.core.secret.Redactor;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Shows a setup's change, then writes it (unless a dry run), and says what comes next. */
final class SetupRun {
  private SetupRun() {}

  static int run(CliContext cli, SetupContext setup, SetupPlan plan) {
    if (!setup.dryRun()) {
      for (FileChange file : plan.files()) {
        if (file.changed()) {
          write(file);
        }
      }
    }
    PrintWriter out = cli.out();
    if (setup.json()) {
      out.println(Json.write(json(setup, plan)));
    } else {
      text(out, setup, plan);
    }
    out.flush();
    return 0;
  }

  private static void text(PrintWriter out, SetupContext setup, SetupPlan plan) {
    out.println(
        "kxm setup "
            + setup.agent()
            + ": project "
            + setup.project()
            + " (from "
            + setup.projectSource()
            + "), agent "
            + setup.name()
            + ", in "
            + setup.root());
    if (!plan.changed()) {
      out.println("nothing to change: " + names(setup, plan) + " already set up.");
    } else {
      for (FileChange file : plan.files()) {
        if (file.changed()) {
          out.print(shown(setup, file));
        }
      }
      long changed = plan.files().stream().filter(FileChange::changed).count();
      out.println(
          setup.dryRun()
              ? "dry run: nothing written (" + changed + " file(s) would change)."
              : "wrote " + changed + " file(s).");
    }
    for (String next : plan.next()) {
      out.println("next: " + next);
    }
  }

  private static String names(SetupContext setup, SetupPlan plan) {
    return String.join(", ", plan.files().stream().map(f -> label(setup, f.path())).toList());
  }

  private static ObjectNode json(SetupContext setup, SetupPlan plan) {
    ObjectNode root = Json.object();
    root.put("agent", setup.agent());
    root.put("root", setup.root().toString());
    root.put("project", setup.project());
    root.put("name", setup.name());
    root.put("dryRun", setup.dryRun());
    root.put("changed", plan.changed());
    ArrayNode files = root.putArray("files");
    for (FileChange file : plan.files()) {
      ObjectNode f = files.addObject();
      f.put("path", file.path().toString());
      f.put("state", file.state());
      f.put("diff", shown(setup, file));
    }
    ArrayNode next = root.putArray("next");
    plan.next().forEach(next::add);
    return root;
  }

  /** The diff of one file, its token masked. */
  private static String shown(SetupContext setup, FileChange file) {
    String diff = LineDiff.unified(label(setup, file.path()), file.before(), file.after());
    if (setup.token() != null) {
      diff = diff.replace(setup.token(), Redactor.MASK);
    }
    return Redactor.redact(diff);
  }

  private static String label(SetupContext setup, Path file) {
    return file.startsWith(setup.root())
        ? setup.root().relativize(file).toString()
        : file.toString();
  }

  private static void write(FileChange file) {
    Path target = file.path();
    byte[] bytes = file.after().getBytes(StandardCharsets.UTF_8);
    try {
      Path parent = target.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      if (file.secret()) {
        SecureFiles.writeOwnerOnly(target, bytes);
        return;
      }
      AtomicFiles.replace(target, bytes, temporary -> copyPermissions(target, temporary));
    } catch (IOException | SecurityException e) {
      throw new KxmException(
          ErrorCode.SETUP_WRITE_FAILED, "could not write " + target + ": " + e.getMessage());
    }
  }

  /** A file that existed keeps its mode; a new one gets the temporary file's default. */
  private static void copyPermissions(Path from, Path to) throws IOException {
    PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class);
    if (view == null) {
      return;
    }
    Set<PosixFilePermission> mode =
        Files.exists(from)
            ? Files.readAttributes(from, PosixFileAttributes.class).permissions()
            : PosixFilePermissions.fromString("rw-r--r--");
    view.setPermissions(mode);
  }
}
