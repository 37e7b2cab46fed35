package io.kxm.knowledge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A post and the replies under it, oldest first at every level. */
public record ForumThread(KnowledgeEntry post, List<ForumThread> replies) {
  public ForumThread {
    replies = List.copyOf(replies);
  }

  /**
   * Arranges {@code entries} (oldest first) into threads. A reply whose parent is not among them (a
   * reply to an earlier round, say) starts a thread of its own, so nothing is dropped.
   */
  public static List<ForumThread> of(List<KnowledgeEntry> entries) {
    Map<String, List<KnowledgeEntry>> children = new LinkedHashMap<>();
    Map<String, KnowledgeEntry> byId = new LinkedHashMap<>();
    entries.forEach(e -> byId.put(e.id(), e));
    List<KnowledgeEntry> roots = new ArrayList<>();
    for (KnowledgeEntry e : entries) {
      if (e.parentId() != null && byId.containsKey(e.parentId())) {
        children.computeIfAbsent(e.parentId(), k -> new ArrayList<>()).add(e);
      } else {
        roots.add(e);
      }
    }
    return roots.stream().map(r -> build(r, children)).toList();
  }

  private static ForumThread build(
      KnowledgeEntry post, Map<String, List<KnowledgeEntry>> children) {
    List<ForumThread> replies =
        children.getOrDefault(post.id(), List.of()).stream().map(c -> build(c, children)).toList();
    return new ForumThread(post, replies);
  }
}
