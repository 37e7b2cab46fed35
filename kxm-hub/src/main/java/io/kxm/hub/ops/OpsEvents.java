package io.kxm.hub.ops;

/** Names of the operations stream on the wire. */
public final class OpsEvents {
  /** The SSE event name of every entry; its {@code id} is the entry's number. */
  public static final String EVENT_NAME = "ops";

  private OpsEvents() {}
}
