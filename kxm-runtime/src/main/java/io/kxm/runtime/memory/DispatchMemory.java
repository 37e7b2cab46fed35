package io.kxm.runtime.memory;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.config.RevisionHasher;
import io.kxm.runtime.git.Git;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Decides whether an agent dispatched by a run receives the project memory brief. It does only when
 * the memory and skills folders are committed and clean in Git and still hash to the memory
 * revision the run pinned when it was created; then the files on disk are exactly the reviewed ones
 * the run started with. Otherwise dispatch goes on without memory and the reason is recorded.
 */
public sealed interface DispatchMemory {

  /** The pinned revision, as the run recorded it. */
  String pinnedRevision();

  /** The brief goes to the agent. */
  record Included(String pinnedRevision, MemoryBrief brief) implements DispatchMemory {}

  /** The project has no memory or skills folder, now or at the pin: nothing to brief or record. */
  record Absent(String pinnedRevision) implements DispatchMemory {}

  /** No brief: the reason names what was not committed, clean or matching. */
  record Gap(String pinnedRevision, String reason) implements DispatchMemory {}

  Duration STATUS_TIMEOUT = Duration.ofSeconds(30);
  // git status of two small folders prints little; more than this is cut, which still says "dirty"
  int MAX_STATUS_BYTES = 256 * 1024;

  /** Checks the tree at {@code projectRoot} against {@code pinnedRevision}. */
  static DispatchMemory check(Path projectRoot, String pinnedRevision) {
    if (!Files.exists(projectRoot.resolve(".kxm/memory"), LinkOption.NOFOLLOW_LINKS)
        && !Files.exists(projectRoot.resolve(".kxm/skills"), LinkOption.NOFOLLOW_LINKS)
        && memoryRevision(projectRoot).equals(pinnedRevision)) {
      return new Absent(pinnedRevision);
    }
    Git.Result status;
    try {
      status =
          Git.in(projectRoot)
              .timeout(STATUS_TIMEOUT)
              .maxOutputBytes(MAX_STATUS_BYTES)
              .run(
                  "status",
                  "--porcelain=v1",
                  "--untracked-files=all",
                  "--ignored=matching",
                  "--",
                  ".kxm/memory",
                  ".kxm/skills");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Gap(pinnedRevision, "not_committed: interrupted while git status ran");
    }
    List<String> lines;
    switch (status) {
      case Git.NotRun notRun -> {
        return new Gap(pinnedRevision, "not_committed: " + notRun.reason());
      }
      case Git.Exited exited when !exited.ok() -> {
        return new Gap(
            pinnedRevision,
            "not_committed: git status exited "
                + exited.exit()
                + " (is "
                + projectRoot
                + " a Git work tree?)");
      }
      case Git.Exited exited -> lines = exited.text().lines().filter(l -> !l.isBlank()).toList();
    }
    if (!lines.isEmpty()) {
      boolean uncommitted = lines.stream().allMatch(l -> l.startsWith("??") || l.startsWith("!!"));
      return new Gap(
          pinnedRevision,
          (uncommitted ? "not_committed: " : "dirty: ")
              + lines.size()
              + " path(s) differ from the last commit, first "
              + lines.getFirst().substring(3));
    }
    String now;
    MemoryBrief brief;
    try {
      now = memoryRevision(projectRoot);
      if (!now.equals(pinnedRevision)) {
        return new Gap(
            pinnedRevision,
            "revision_changed: memory is now " + now + " but the run pinned " + pinnedRevision);
      }
      brief = MemoryBrief.read(projectRoot);
    } catch (KxmException e) {
      return new Gap(pinnedRevision, e.code().code() + ": " + e.getMessage());
    }
    if (brief.isEmpty()) {
      return new Gap(pinnedRevision, "empty: no memory and no promoted skill to brief");
    }
    return new Included(pinnedRevision, brief);
  }

  private static String memoryRevision(Path projectRoot) {
    return RevisionHasher.current(projectRoot).memory();
  }
}
