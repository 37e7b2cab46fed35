package io.kxm.cli.session.watch;

import io.kxm.core.error.KxmException;
import io.kxm.session.interaction.InteractionAnswer;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What a watch does when a run asks a person something: at a terminal it asks and posts the answer;
 * otherwise it prints the exact command that answers, since nobody can type here.
 */
public final class InteractionDesk {
  /** Reads one line from a person; empty when they gave none (end of input). */
  interface Asker {
    Optional<String> ask(String prompt);
  }

  /** Posts an answer to the supervisor, as {@code kxm runs approve|deny|answer} does. */
  interface Resolver {
    void resolve(String runId, String interactionId, InteractionAnswer answer);
  }

  private final Asker asker;
  private final Resolver resolver;
  private final String by;
  private final PrintWriter notes;

  /**
   * @param asker null when nobody can be asked
   * @param by who answers, named in every answer posted
   * @param notes where hints and failures go: stdout for people, stderr beside JSON lines
   */
  InteractionDesk(Asker asker, Resolver resolver, String by, PrintWriter notes) {
    this.asker = asker;
    this.resolver = resolver;
    this.by = by;
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
    String kind = EventLines.text(data, "kind");
    // A form's fields are typed and checked against its schema: filled in with a command.
    if (asker != null && !kind.equals("elicitation") && answered(runId, interactionId, kind)) {
      return;
    }
    notes.println("  answer with: " + command(runId, interactionId, kind));
    if (kind.equals("approval")) {
      notes.println(
          "  or refuse:   kxm runs deny " + runId + " " + interactionId + " --note \"why\"");
    }
    notes.flush();
  }

  /** Asks and posts the answer; false when the person left it open or the answer was refused. */
  private boolean answered(String runId, String interactionId, String kind) {
    notes.flush();
    InteractionAnswer answer;
    if (kind.equals("approval")) {
      Optional<Boolean> verdict = askApproval();
      if (verdict.isEmpty()) {
        return false;
      }
      answer = new InteractionAnswer.Approval(verdict.get(), null, by);
    } else {
      Optional<String> line =
          asker
              .ask("your answer to " + interactionId + " (empty to leave it open): ")
              .filter(s -> !s.isBlank());
      if (line.isEmpty()) {
        return false;
      }
      answer = new InteractionAnswer.Clarification(line.get(), by);
    }
    try {
      resolver.resolve(runId, interactionId, answer);
      return true;
    } catch (KxmException e) {
      notes.println("could not answer: " + e.code().code() + ": " + e.getMessage());
      return false;
    }
  }

  /** The command that answers a question of {@code kind}, as a person would type it. */
  public static String command(String runId, String interactionId, String kind) {
    String at = runId + " " + interactionId;
    return switch (kind) {
      case "approval" -> "kxm runs approve " + at;
      case "elicitation" ->
          "kxm runs answer " + at + " --accept '{\"field\": …}' (or --decline, --cancel)";
      default -> "kxm runs answer " + at + " \"<your answer>\"";
    };
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
