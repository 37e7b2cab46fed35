package io.kxm.cli.guard;

import io.kxm.cli.CliContext;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The check an agent's edit hook runs before one file changes: the same verdict as the pre-commit
 * hook, and, for an allowed edit, a note in the edit log of the reservation it was made under.
 */
public final class EditCheck {
  private EditCheck() {}

  /**
   * @param file the file about to change
   * @param bypass what the agent can do when the reservations cannot be read
   * @return why the edit is refused, in one paragraph for the agent; empty when it may go ahead
   */
  public static Optional<String> beforeEdit(CliContext context, Path file, String bypass)
      throws InterruptedException, IOException {
    Path folder = file.toAbsolutePath().normalize().getParent();
    Optional<Checkout> found = folder == null ? Optional.empty() : Checkout.of(existing(folder));
    if (found.isEmpty()) {
      return Optional.empty(); // not in a repository: no reservation can name it
    }
    Checkout checkout = found.get();
    String path;
    try {
      Optional<String> relative = checkout.relative(file);
      if (relative.isEmpty()) {
        return Optional.empty();
      }
      path = relative.get();
    } catch (KxmException e) {
      return Optional.of("kxm: " + e.getMessage() + "; the edit is refused unchecked");
    }
    String editor = GuardCheckCommand.editorName(context, checkout);
    EditVerdict verdict =
        switch (LiveReservations.read(context, bypass)) {
          case LiveReservations.Got got ->
              EditGuard.decide(
                  List.of(path), editor, got.live(), new EditLog(checkout.gitDir()).read());
          case LiveReservations.Failed failed -> failed.refusal();
        };
    return switch (verdict) {
      case EditVerdict.Refused refused ->
          Optional.of(
              "kxm: "
                  + refused.code().code()
                  + ": "
                  + String.join("; ", refused.reasons())
                  + ". Next: "
                  + refused.hint());
      case EditVerdict.Allowed allowed -> {
        EditLog log = new EditLog(checkout.gitDir());
        if (allowed.underOwn().containsKey(path)) {
          log.record(path, allowed.underOwn().get(path));
        } else {
          log.forget(path);
        }
        yield Optional.empty();
      }
    };
  }

  /** The nearest folder of {@code folder} that exists, since a new file's folder may not yet. */
  private static Path existing(Path folder) {
    Path at = folder;
    while (at != null && !java.nio.file.Files.isDirectory(at)) {
      at = at.getParent();
    }
    return at == null ? folder : at;
  }
}
