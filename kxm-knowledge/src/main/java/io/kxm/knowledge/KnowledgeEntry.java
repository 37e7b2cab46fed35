package io.kxm.knowledge;

import java.time.Instant;
import java.util.Objects;

/**
 * One stored piece of knowledge: an attempt, an insight, a forum post or a distillation.
 *
 * @param sourcePhase the phase that wrote it, one of {@link SourcePhases}
 * @param taskId the task it is about; {@link SourcePhases#CROSS_TASK} for every task
 * @param roomId the forum room of a post or insight; null otherwise
 * @param round the forum round of a post (1 or more); 0 outside forums
 * @param parentId the entry a post replies to; null for a thread's first post
 * @param score an attempt's score in [0, 1]; null when unscored
 */
public record KnowledgeEntry(
    String id,
    EntryType type,
    String sourcePhase,
    String taskId,
    String roomId,
    int generation,
    int round,
    String author,
    String parentId,
    String content,
    Double score,
    Instant createdAt) {
  public KnowledgeEntry {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(sourcePhase, "sourcePhase");
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(author, "author");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(createdAt, "createdAt");
  }
}
