package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/**
 * An entry to add; the database gives it an id and a time. Fields mean what they mean in {@link
 * KnowledgeEntry}, and are checked here so a refused entry changes nothing.
 */
public record NewEntry(
    EntryType type,
    String sourcePhase,
    String taskId,
    String roomId,
    int generation,
    int round,
    String author,
    String parentId,
    String content,
    Double score) {
  public NewEntry {
    if (type == null) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "type is required");
    }
    Checks.phase(sourcePhase);
    Checks.text("taskId", taskId, Checks.MAX_ID);
    Checks.optionalText("roomId", roomId, Checks.MAX_ID);
    Checks.range("generation", generation, 0, 1_000_000);
    Checks.range("round", round, 0, 1_000_000);
    Checks.text("author", author, Checks.MAX_AUTHOR);
    Checks.optionalText("parentId", parentId, Checks.MAX_ID);
    Checks.text("content", content, Checks.MAX_CONTENT);
    if (score != null && !(score >= 0.0 && score <= 1.0)) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE, "score is " + score + "; it must be from 0 to 1");
    }
  }

  /** A scored attempt at {@code taskId} made in the execution phase of {@code generation}. */
  public static NewEntry attempt(
      String taskId, int generation, String author, String content, Double score) {
    return new NewEntry(
        EntryType.ATTEMPT,
        SourcePhases.EXECUTION,
        taskId,
        null,
        generation,
        0,
        author,
        null,
        content,
        score);
  }
}
