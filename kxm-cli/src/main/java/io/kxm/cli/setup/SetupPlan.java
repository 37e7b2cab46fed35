package io.kxm.cli.setup;

import java.util.List;

/**
 * What a setup changes, and what the person does next that kxm cannot do for them (trust the
 * project in Codex, review a hook).
 */
record SetupPlan(List<FileChange> files, List<String> next) {
  SetupPlan {
    files = List.copyOf(files);
    next = List.copyOf(next);
  }

  boolean changed() {
    return files.stream().anyMatch(FileChange::changed);
  }
}
