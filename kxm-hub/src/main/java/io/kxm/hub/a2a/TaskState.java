package io.kxm.hub.a2a;

/** The A2A task states a hub request passes through, in the order a stream reports them. */
enum TaskState {
  SUBMITTED("TASK_STATE_SUBMITTED", "submitted"),
  WORKING("TASK_STATE_WORKING", "working"),
  COMPLETED("TASK_STATE_COMPLETED", "completed"),
  CANCELED("TASK_STATE_CANCELED", "canceled"),
  FAILED("TASK_STATE_FAILED", "failed");

  private final String v1;
  private final String v03;

  TaskState(String v1, String v03) {
    this.v1 = v1;
    this.v03 = v03;
  }

  String v1() {
    return v1;
  }

  String v03() {
    return v03;
  }

  boolean isFinal() {
    return this == COMPLETED || this == CANCELED || this == FAILED;
  }
}
