package io.kxm.cli.doctor;

import io.kxm.cli.stores.StoreFile;
import io.kxm.cli.stores.StoreInventory;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The files that hold credentials and keys, and the SQLite stores, must be readable by their owner
 * only (0600) and sit in folders only the owner can enter (0700); none of them may be a symbolic
 * link, which the product refuses to open (a link could point a write at a file of the attacker's
 * choosing). The product writes the files so; a finding on a file means a hand edit, a copy or a
 * restore loosened it, and is an error. An open folder is a warning: the files in it stay private,
 * and a parent folder created on the way to a private one gets the umask's mode.
 */
final class SecretFilesCheck implements DoctorCheck {
  private static final Set<PosixFilePermission> OTHERS =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE,
          PosixFilePermission.OTHERS_EXECUTE);
  private static final List<String> SIDECARS = List.of("-wal", "-shm", ".lock");

  /** The inventory's secrets and SQLite stores of the machine, by name. */
  private static final List<String> MACHINE =
      List.of(
          StoreInventory.HUB,
          StoreInventory.EVOLVE,
          StoreInventory.HUB_ENV,
          StoreInventory.SESSION_KEY,
          StoreInventory.SESSION_TOKEN,
          StoreInventory.REGISTRY,
          StoreInventory.SESSIONS,
          StoreInventory.SESSION_HEADS,
          StoreInventory.SUPERVISOR_TOKEN,
          StoreInventory.RECEIPT_KEY);

  /** The same of each project, named {@code <family>:<project key>}. */
  private static final List<String> PER_PROJECT =
      List.of(
          StoreInventory.RUN_EVENTS,
          StoreInventory.RUN_HEADS,
          StoreInventory.HUB_BINDING,
          StoreInventory.HUB_AGENT);

  @Override
  public String name() {
    return "secrets";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    StoreInventory inventory = new StoreInventory(scope.project(), scope.state(), scope.env());
    Path runtime = scope.supervisor().runtimeDir();
    List<Path> folders = new ArrayList<>(List.of(scope.state().root(), runtime));
    folders.add(scope.project().stateDir());
    List<String> names = new ArrayList<>(MACHINE);
    for (Path project : children(runtime.resolve("projects"))) {
      folders.add(project);
      String key = project.getFileName().toString();
      PER_PROJECT.forEach(family -> names.add(family + ":" + key));
    }
    List<Path> files = new ArrayList<>();
    for (String name : names) {
      // entry(), not files(): files() lists regular files only, and a link is what is looked for
      inventory
          .entry(name)
          .filter(f -> f.path() != null)
          .ifPresent(f -> {
            files.add(f.path());
            if (f.kind() == StoreFile.Kind.SQLITE) {
              for (String sidecar : SIDECARS) {
                files.add(f.path().resolveSibling(f.path().getFileName() + sidecar));
              }
            }
          });
    }

    List<Finding> findings = new ArrayList<>();
    int looked = 0;
    for (Path folder : folders) {
      if (Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
        looked++;
        inspect(folder, true).ifPresent(findings::add);
      }
    }
    for (Path file : files.stream().distinct().toList()) {
      if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        looked++;
        inspect(file, false).ifPresent(findings::add);
      }
    }
    if (findings.isEmpty()) {
      findings.add(
          Finding.ok(
              name(),
              "secrets_private",
              looked == 0
                  ? "no secret or store file exists here yet"
                  : looked + " secret and store paths are owner-only and none is a link"));
    }
    return findings;
  }

  private Optional<Finding> inspect(Path path, boolean folder) {
    if (Files.isSymbolicLink(path)) {
      return Optional.of(
          Finding.error(
              name(),
              "secret_symlink",
              path
                  + " is a symbolic link; kxm refuses to read or write secrets and stores through one",
              "mv \"$(readlink -f "
                  + ShellWords.quote(path)
                  + ")\" "
                  + ShellWords.quote(path)
                  + " (replace the link with its file)"));
    }
    PosixFileAttributeView view =
        Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
    if (view == null) {
      return Optional.empty(); // not a POSIX file system: modes mean nothing to check there
    }
    Set<PosixFilePermission> mode;
    try {
      mode = view.readAttributes().permissions();
    } catch (IOException e) {
      return Optional.of(
          Finding.warn(
              name(),
              "secret_mode_unreadable",
              "could not read the mode of " + path + ": " + e.getMessage(),
              "ls -l " + ShellWords.quote(path) + " (check the file's owner and mode)"));
    }
    Set<PosixFilePermission> open = EnumSet.noneOf(PosixFilePermission.class);
    open.addAll(mode);
    open.retainAll(OTHERS);
    if (open.isEmpty()) {
      return Optional.empty();
    }
    String shown = PosixFilePermissions.toString(mode);
    return Optional.of(
        folder
            ? Finding.warn(
                name(),
                "secret_folder_open",
                path + " is " + shown + ": other users can list the names in it; it should be 0700",
                "chmod 700 " + ShellWords.quote(path))
            : Finding.error(
                name(),
                "secret_file_open",
                path + " is " + shown + ": other users can read it; it must be 0600",
                "chmod 600 " + ShellWords.quote(path)));
  }

  private static List<Path> children(Path dir) {
    List<Path> out = new ArrayList<>();
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return out;
    }
    try (DirectoryStream<Path> listed = Files.newDirectoryStream(dir)) {
      listed.forEach(out::add);
    } catch (IOException e) {
      // unreadable: the folder's own mode finding says why
    }
    return out;
  }
}
