package io.kxm.knowledge;

/**
 * A forum room: the per-task room of one task (its id is the task id) or the one cross-task room.
 *
 * @param taskId the task its posts are about; {@link SourcePhases#CROSS_TASK} for the cross room
 * @param sourcePhase the phase its posts are stored under
 */
public record ForumRoom(String id, String taskId, String sourcePhase) {
  public ForumRoom {
    Checks.text("roomId", id, Checks.MAX_ID);
    Checks.text("taskId", taskId, Checks.MAX_ID);
    Checks.phase(sourcePhase);
  }

  /** The room where agents discuss one task. */
  public static ForumRoom perTask(String taskId) {
    return new ForumRoom(taskId, taskId, SourcePhases.PER_TASK_FORUM);
  }

  /** The room where agents discuss what carries over between tasks. */
  public static ForumRoom crossTask() {
    return new ForumRoom(
        SourcePhases.CROSS_TASK, SourcePhases.CROSS_TASK, SourcePhases.CROSS_TASK_FORUM);
  }

  public boolean isCrossTask() {
    return SourcePhases.CROSS_TASK.equals(id);
  }
}
