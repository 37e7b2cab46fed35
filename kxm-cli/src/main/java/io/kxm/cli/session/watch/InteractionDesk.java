package io.kxm.cli.session.watch;

import io.kxm.core.error.KxmException;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What a watch does when a run asks a person something: at a terminal it asks and posts the answer;
 * otherwise it prints the exact command that answers, since nobody can type here.
 */
final class InteractionDesk {
  /** Reads one line from a person; empty when they gave none (end of input). */
  interface Asker {
    Optional<String> ask(String prompt);
  }

  /** Posts an answer to the supervisor, as {@code kxm runs approve|deny|answer} does. */
  interface Resolver {
    void resolve(String runId, String interactionId, boolean approved, String answer);
  }

  private final Asker asker;
  private final Resolver resolver;
  private final PrintWriter notes;

  /**
   * @param asker null when nobody can be asked
   * @param notes where hints and failures go: stdout for people, stderr beside JSON lines
   */
  InteractionDesk(Asker asker, Resolver resolver, PrintWriter notes) {
    this.asker = asker;
    this.resolver = resolver;
    this.notes = notes;
  }

  /** A console to ask at, or null when stdin or stdout is not a terminal. */
  static Asker terminal() {
    Console console = System.console();
    if (console == null || !isTerminal(console)) {
      return null;
    }
    return prompt -> Optional.ofNullable(console.readLine("%s", prompt));
  }

  private static boolean isTerminal(Console console) {
    // From Java 22 on a Console exists even with redirected streams and says so itself;
    // the build targets 21, where a Console exists only on a terminal.
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  void required(String runId, JsonNode data) {
    String interactionId = EventLines.text(data, "interactionId");
    boolean approval = EventLines.text(data, "kind").equals("approval");
    if (asker != null && answered(runId, interactionId, approval)) {
      return;
    }
    notes.println("  answer with: " + command(runId, interactionId, approval));
    if (approval) {
      notes.println(
          "  or refuse:   kxm runs deny " + runId + " " + interactionId + " --note \"why\"");
    }
    notes.flush();
  }

  /** Asks and posts the answer; false when the person left it open or the answer was refused. */
  private boolean answered(String runId, String interactionId, boolean approval) {
    notes.flush();
    boolean approved = true;
    String text = null;
    if (approval) {
      Optional<Boolean> verdict = askApproval();
      if (verdict.isEmpty()) {
        return false;
      }
      approved = verdict.get();
    } else {
      Optional<String> line =
          asker
              .ask("your answer to " + interactionId + " (empty to leave it open): ")
              .filter(s -> !s.isBlank());
      if (line.isEmpty()) {
        return false;
      }
      text = line.get();
    }
    try {
      resolver.resolve(runId, interactionId, approved, text);
      return true;
    } catch (KxmException e) {
      notes.println("could not answer: " + e.code().code() + ": " + e.getMessage());
      return false;
    }
  }

  static String command(String runId, String interactionId, boolean approval) {
    return approval
        ? "kxm runs approve " + runId + " " + interactionId
        : "kxm runs answer " + runId + " " + interactionId + " \"<your answer>\"";
  }

  private Optional<Boolean> askApproval() {
    while (true) {
      Optional<String> line = asker.ask("approve? [y/n, empty to leave it open]: ");
      String answer = line.map(s -> s.strip().toLowerCase(Locale.ROOT)).orElse("");
      switch (answer) {
        case "y", "yes" -> {
          return Optional.of(true);
        }
        case "n", "no" -> {
          return Optional.of(false);
        }
        case "" -> {
          return Optional.empty();
        }
        default -> notes.println("type y or n");
      }
    }
  }
}
