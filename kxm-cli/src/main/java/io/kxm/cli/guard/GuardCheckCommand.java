package io.kxm.cli.guard;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.git.Git;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kxm guard check}: whether the staged changes (or the files named) may be committed by this
 * agent. Exit 0 when they may, 1 when not, with one line per refused file and the next step.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Check staged changes (or the files named) against the project's reservations.",
      "Refuses (exit 1) a file another agent holds exclusively, a file edited under a"
          + " reservation another agent's later one superseded, and everything when the hub"
          + " cannot be asked. Checks as KXM_AGENT_NAME, else as git config kxm.agent."
    })
public final class GuardCheckCommand implements Callable<Integer> {
  static final String AGENT_CONFIG = "kxm.agent";
  private static final String BYPASS =
      "To commit without the check, knowingly: git commit --no-verify.";

  private final CliContext context;

  @Option(names = "--staged", description = "Check the files the commit being made changes.")
  boolean staged;

  @Option(names = "--json", description = "Print the verdict as JSON.")
  boolean json;

  @Parameters(paramLabel = "PATH", arity = "0..*", description = "Files to check.")
  List<Path> files = new ArrayList<>();

  public GuardCheckCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws Exception {
    Checkout checkout = requireCheckout(context);
    List<String> paths = new ArrayList<>();
    if (staged) {
      paths.addAll(stagedPaths(checkout));
    }
    for (Path file : files) {
      Path absolute = context.workingDir().resolve(file);
      paths.add(
          checkout
              .relative(absolute)
              .orElseThrow(() ->
                  new KxmException(
                      ErrorCode.INVALID_REQUEST,
                      file + " is not a file of the checkout at " + checkout.root())));
    }
    if (!staged && files.isEmpty()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "nothing to check: give --staged or the files to check");
    }
    String editor = editorName(context, checkout);
    EditVerdict verdict =
        paths.isEmpty()
            ? new EditVerdict.Allowed(Map.of(), List.of())
            : switch (LiveReservations.read(context, BYPASS)) {
              case LiveReservations.Got got ->
                  EditGuard.decide(
                      paths, editor, got.live(), new EditLog(checkout.gitDir()).read());
              case LiveReservations.Failed failed -> failed.refusal();
            };
    return report(verdict, editor, paths.size());
  }

  private int report(EditVerdict verdict, String editor, int checked) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("checked", checked);
    out.put("agent", editor);
    int exit;
    switch (verdict) {
      case EditVerdict.Allowed allowed -> {
        out.put("allowed", true);
        out.put("notes", allowed.notes());
        allowed.notes().forEach(note -> context.err().println("kxm guard: " + note));
        exit = 0;
      }
      case EditVerdict.Refused refused -> {
        out.put("allowed", false);
        out.put("code", refused.code().code());
        out.put("reasons", refused.reasons());
        out.put("next", refused.hint());
        context.err().println("kxm guard: commit refused: " + refused.code().code());
        refused.reasons().forEach(reason -> context.err().println("  " + reason));
        context.err().println("  next: " + refused.hint());
        exit = 1;
      }
    }
    if (json) {
      context.out().println(Json.write(out));
    }
    context.out().flush();
    context.err().flush();
    return exit;
  }

  /** The files the commit changes, deletions and both sides of a rename included. */
  private List<String> stagedPaths(Checkout checkout) throws InterruptedException {
    Git git = Git.in(checkout.root()).timeout(Checkout.GIT_TIMEOUT);
    String index = context.env().get("GIT_INDEX_FILE");
    if (index != null && !index.isBlank()) {
      // A hook of 'git commit -a' or 'git commit PATH' sees a temporary index; Git gives its path
      // relative to the root the hook runs in.
      git = git.indexFile(checkout.root().resolve(index));
    }
    Git.Result result =
        git.maxOutputBytes(16 * 1024 * 1024)
            .run("diff", "--cached", "--name-only", "--no-renames", "-z", "--no-ext-diff");
    if (!(result instanceof Git.Exited exited) || !exited.ok() || exited.cut()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "could not list the staged files: "
              + (result instanceof Git.Exited e ? e.err() : ((Git.NotRun) result).reason()));
    }
    List<String> paths = new ArrayList<>();
    for (String path : new String(exited.out(), StandardCharsets.UTF_8).split("\0")) {
      if (!path.isEmpty()) {
        paths.add(path);
      }
    }
    return paths;
  }

  /** KXM_AGENT_NAME, else the name {@code kxm guard install --agent} saved, else nobody. */
  static String editorName(CliContext context, Checkout checkout) throws InterruptedException {
    String named = context.env().get(AgentSettings.AGENT_NAME);
    if (named != null && !named.isBlank()) {
      return named.strip();
    }
    if (Git.in(checkout.root()).timeout(Checkout.GIT_TIMEOUT).run("config", "--get", AGENT_CONFIG)
            instanceof Git.Exited saved
        && saved.ok()
        && !saved.text().isBlank()) {
      return saved.text().strip();
    }
    return null;
  }

  static Checkout requireCheckout(CliContext context) throws Exception {
    return Checkout.of(context.workingDir())
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.NOT_A_CHECKOUT, context.workingDir() + " is not in a Git working tree"));
  }
}
