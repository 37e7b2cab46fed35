package io.kxm.runtime.project;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Tokens;
import io.kxm.runtime.api.ConfigPin;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.config.BundleLoader;
import io.kxm.runtime.config.CommittedConfig;
import io.kxm.runtime.config.ConfigTree;
import io.kxm.runtime.config.RevisionHasher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The project's {@code .kxm/} as Git holds it: a run pins the commit {@code HEAD} names and reads
 * the tree of that commit on every drive, so an edit that is not committed never takes effect. A
 * working tree that differs is refused, or with {@code allowDirty} pinned and read as it is. Memory
 * and skills are left to DispatchMemory, which briefs an agent only on their committed content, so
 * they do not make a tree dirty.
 */
public final class TreeConfig implements ProjectConfig {
  // keeps the refusal readable when a whole tree is uncommitted
  private static final int LISTED_FILES = 20;
  // a commit's tree never changes, so it is read from Git once; a few cover the runs in flight
  private static final int CACHED_COMMITS = 16;

  private final Path projectRoot;
  private final Map<String, ConfigTree> commits = new ConcurrentHashMap<>();

  public TreeConfig(Path projectRoot) {
    this.projectRoot = projectRoot;
  }

  @Override
  public ConfigPin pin(boolean allowDirty) {
    ConfigTree disk = ConfigTree.fromDisk(projectRoot);
    if (!disk.exists() || disk.linked()) {
      // refused as the loader refuses it, so validate and run say the same
      BundleLoader.load(projectRoot, disk);
    }
    Optional<String> head = CommittedConfig.head(projectRoot);
    ConfigTree committed = head.map(this::committed).orElse(new ConfigTree(Map.of()));
    // memory and skills may differ: dispatch leaves out what is not committed and records the gap
    List<String> uncommitted =
        committed.differences(disk).stream()
            .filter(f -> !RevisionHasher.isMemory(f.substring(ConfigTree.KXM_PREFIX.length())))
            .toList();
    if (uncommitted.isEmpty() && head.isPresent()) {
      return ConfigPin.committed(head.get());
    }
    if (!allowDirty) {
      throw uncommitted(head, uncommitted);
    }
    return new ConfigPin(head.orElse(null), true, uncommitted, digests(disk));
  }

  @Override
  public ProjectBundle bundle(ConfigPin pin) {
    return BundleLoader.load(projectRoot, tree(pin));
  }

  @Override
  public Revisions revisions(ConfigPin pin) {
    return RevisionHasher.of(tree(pin));
  }

  @Override
  public List<String> changedSince(ConfigPin pin) {
    if (pin == null || !pin.dirty()) {
      return List.of();
    }
    Map<String, String> now = digests(ConfigTree.fromDisk(projectRoot));
    TreeSet<String> files = new TreeSet<>(now.keySet());
    files.addAll(pin.digests().keySet());
    List<String> changed = new ArrayList<>();
    for (String file : files) {
      if (!String.valueOf(now.get(file)).equals(String.valueOf(pin.digests().get(file)))) {
        changed.add(ConfigTree.KXM_PREFIX + file);
      }
    }
    return changed;
  }

  private ConfigTree tree(ConfigPin pin) {
    if (pin == null || pin.dirty()) {
      return ConfigTree.fromDisk(projectRoot);
    }
    return committed(pin.commit());
  }

  private ConfigTree committed(String commit) {
    if (commits.size() >= CACHED_COMMITS) {
      commits.clear();
    }
    return commits.computeIfAbsent(commit, c -> CommittedConfig.read(projectRoot, c));
  }

  private static Map<String, String> digests(ConfigTree tree) {
    Map<String, String> digests = new TreeMap<>();
    tree.files()
        .forEach((file, content) -> {
          if (RevisionHasher.pinsInstructions(file)) {
            digests.put(file, Tokens.sha256Hex(content.bytes()));
          }
        });
    return digests;
  }

  private KxmException uncommitted(Optional<String> head, List<String> files) {
    String listed = String.join(", ", files.subList(0, Math.min(files.size(), LISTED_FILES)));
    String more =
        files.size() > LISTED_FILES ? " and " + (files.size() - LISTED_FILES) + " more" : "";
    String against =
        head.map(c -> "its commit " + c.substring(0, 12) + " (HEAD)")
            .orElse("Git, which holds no commit of it (no repository, or no commit yet)");
    return new KxmException(
        ErrorCode.CONFIG_UNCOMMITTED,
        "the .kxm/ of "
            + projectRoot
            + " differs from "
            + against
            + " in "
            + files.size()
            + " file(s): "
            + listed
            + more);
  }
}
