package io.kxm.session.api;

/** The event types of session and run streams, as they appear in the envelope's {@code type}. */
public final class EventTypes {
  public static final String SESSION_CREATED = "session.created";
  public static final String SESSION_CLOSED = "session.closed";
  public static final String RUN_QUEUED = "run.queued";
  public static final String RUN_STARTED = "run.started";
  public static final String MESSAGE_DELTA = "message.delta";
  public static final String MESSAGE_COMPLETED = "message.completed";
  public static final String TOOL_CALL = "tool.call";
  public static final String TOOL_RESULT = "tool.result";
  public static final String APPROVAL_REQUIRED = "run.approval.required";
  public static final String CLARIFICATION_REQUIRED = "run.clarification.required";
  public static final String ELICITATION_REQUIRED = "run.elicitation.required";
  public static final String INTERACTION_RESOLVED = "interaction.resolved";
  public static final String USAGE = "usage";
  public static final String PROTOCOL_ERROR = "harness.protocol_error";
  public static final String RUN_COMPLETED = "run.completed";
  public static final String RUN_FAILED = "run.failed";
  public static final String RUN_CANCELLED = "run.cancelled";
  public static final String RUN_INTERRUPTED = "run.interrupted";

  /**
   * A client asked another runtime instance than the one running the run to cancel it: the instance
   * executing it stops it when it sees this event.
   */
  public static final String RUN_CANCEL_REQUESTED = "run.cancel_requested";

  private EventTypes() {}

  /** The event that announces a run reaching {@code status}. */
  public static String forStatus(SessionRunStatus status) {
    return switch (status) {
      case QUEUED -> RUN_QUEUED;
      case RUNNING -> RUN_STARTED;
      case COMPLETED -> RUN_COMPLETED;
      case FAILED -> RUN_FAILED;
      case CANCELLED -> RUN_CANCELLED;
      case INTERRUPTED -> RUN_INTERRUPTED;
    };
  }
}
