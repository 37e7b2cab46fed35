package io.kxm.runtime.config;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.git.Git;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads {@code .kxm/} as it was at a Git revision: {@code ls-tree} lists the entries and one {@code
 * cat-file --batch} returns their bytes exactly as committed, links as their target text. Paths are
 * given and read relative to the project folder, which may sit below the repository's top level.
 * Runs pin what this reads at {@code HEAD}; the trust review diffs against it.
 */
public final class CommittedConfig {
  public static final int MAX_REVISION_CHARS = 256;
  private static final String LINK_MODE = "120000";

  // reviewed configuration is small; a revision whose .kxm/ prints more is refused, not cut
  private static final int MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

  private CommittedConfig() {}

  private static Git.Exited git(Path projectRoot, byte[] stdin, String... args) {
    Git.Result result;
    try {
      result = Git.in(projectRoot).maxOutputBytes(MAX_OUTPUT_BYTES).input(stdin).run(args);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(ErrorCode.TRUST_GIT_FAILED, "interrupted while git ran", e);
    }
    return switch (result) {
      case Git.NotRun notRun -> throw new KxmException(ErrorCode.TRUST_GIT_FAILED, notRun.reason());
      case Git.Exited exited when exited.cut() ->
          throw new KxmException(
              ErrorCode.TRUST_GIT_FAILED,
              "git "
                  + String.join(" ", args)
                  + " printed more than "
                  + MAX_OUTPUT_BYTES
                  + " bytes in "
                  + projectRoot);
      case Git.Exited exited -> exited;
    };
  }

  /**
   * The commit {@code HEAD} names in the repository of {@code projectRoot}; empty outside a Git
   * work tree or before its first commit, where nothing is committed.
   */
  public static Optional<String> head(Path projectRoot) {
    Git.Exited r =
        git(projectRoot, new byte[0], "rev-parse", "--verify", "--quiet", "HEAD^{commit}");
    String commit = r.text().strip();
    return r.exit() == 0 && commit.matches("[0-9a-f]{40,64}")
        ? Optional.of(commit)
        : Optional.empty();
  }

  /** Checks that {@code projectRoot} is inside a Git work tree. */
  public static void requireWorkTree(Path projectRoot) {
    Git.Exited r = git(projectRoot, new byte[0], "rev-parse", "--is-inside-work-tree");
    if (r.exit() != 0 || !r.text().strip().equals("true")) {
      throw new KxmException(
          ErrorCode.TRUST_NOT_A_GIT_REPOSITORY,
          projectRoot
              + " is not inside a Git work tree"
              + (r.err().isEmpty() ? "" : ": " + r.err()));
    }
  }

  /** The full commit ID {@code revision} names. */
  public static String resolve(Path projectRoot, String revision) {
    checkRevision(revision);
    Git.Exited r =
        git(projectRoot, new byte[0], "rev-parse", "--verify", "--quiet", revision + "^{commit}");
    String commit = r.text().strip();
    if (r.exit() != 0 || !commit.matches("[0-9a-f]{40,64}")) {
      throw new KxmException(
          ErrorCode.TRUST_REVISION_UNKNOWN,
          "'" + revision + "' names no commit in the repository of " + projectRoot);
    }
    return commit;
  }

  /** The reviewed files of {@code .kxm/} at {@code commit}. */
  public static ConfigTree read(Path projectRoot, String commit) {
    Git.Exited listing = git(projectRoot, new byte[0], "ls-tree", "-r", "-z", commit, "--", ".kxm");
    if (listing.exit() != 0) {
      throw new KxmException(
          ErrorCode.TRUST_GIT_FAILED, "git ls-tree " + commit + " failed: " + listing.err());
    }
    List<String[]> entries = new ArrayList<>();
    for (String line : listing.text().split("\0")) {
      if (line.isEmpty()) {
        continue;
      }
      // "<mode> SP <type> SP <object> TAB <path>"
      int tab = line.indexOf('\t');
      String[] meta = line.substring(0, tab).split(" ");
      String path = line.substring(tab + 1);
      if (path.equals(".kxm") && meta[0].equals(LINK_MODE)) {
        return new ConfigTree(Map.of(), true);
      }
      if (!path.startsWith(".kxm/")) {
        continue;
      }
      String relative = path.substring(".kxm/".length());
      if (ConfigTree.reviewed(relative)) {
        entries.add(new String[] {meta[0], meta[1], meta[2], relative});
      }
    }
    return new ConfigTree(contents(projectRoot, entries));
  }

  private static Map<String, ConfigTree.Content> contents(
      Path projectRoot, List<String[]> entries) {
    Map<String, ConfigTree.Content> files = new TreeMap<>();
    StringBuilder request = new StringBuilder();
    for (String[] e : entries) {
      if (e[1].equals("blob")) {
        request.append(e[2]).append('\n');
      } else {
        // a submodule has no bytes here; its commit ID stands for its content
        files.put(e[3], new ConfigTree.Content(e[2].getBytes(StandardCharsets.UTF_8), true));
      }
    }
    if (request.isEmpty()) {
      return files;
    }
    Git.Exited batch =
        git(
            projectRoot,
            request.toString().getBytes(StandardCharsets.UTF_8),
            "cat-file",
            "--batch");
    if (batch.exit() != 0) {
      throw new KxmException(ErrorCode.TRUST_GIT_FAILED, "git cat-file failed: " + batch.err());
    }
    byte[] out = batch.out();
    int at = 0;
    for (String[] e : entries) {
      if (!e[1].equals("blob")) {
        continue;
      }
      int newline = indexOf(out, (byte) '\n', at);
      String header = new String(out, at, newline - at, StandardCharsets.UTF_8);
      String[] parts = header.split(" ");
      if (parts.length != 3 || !parts[0].equals(e[2])) {
        throw new KxmException(
            ErrorCode.TRUST_GIT_FAILED, "git cat-file answered '" + header + "' for " + e[3]);
      }
      int size = Integer.parseInt(parts[2]);
      byte[] bytes = Arrays.copyOfRange(out, newline + 1, newline + 1 + size);
      files.put(e[3], new ConfigTree.Content(bytes, e[0].equals(LINK_MODE)));
      at = newline + 1 + size + 1;
    }
    return files;
  }

  private static int indexOf(byte[] bytes, byte b, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    throw new KxmException(ErrorCode.TRUST_GIT_FAILED, "git cat-file output ended early");
  }

  private static void checkRevision(String revision) {
    boolean plain =
        revision != null
            && !revision.isEmpty()
            && revision.length() <= MAX_REVISION_CHARS
            && !revision.startsWith("-")
            && revision.chars().noneMatch(ch -> ch <= ' ' || ch == 0x7f);
    if (!plain) {
      throw new KxmException(
          ErrorCode.TRUST_REVISION_UNKNOWN,
          "a revision is 1 to "
              + MAX_REVISION_CHARS
              + " characters without spaces or control characters, and does not start with '-'");
    }
  }
}
