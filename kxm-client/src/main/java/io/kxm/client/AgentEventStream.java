package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import java.util.Set;

/**
 * Follows one agent's event stream ({@code GET /v1/agents/{id}/events}) for as long as it is open:
 * after any disconnect it reconnects with {@code Last-Event-ID}, so the hub replays what was missed
 * and the listener sees each event once, in order. A stream silent for longer than the idle limit
 * counts as dead and is reopened. Refusals that a retry cannot fix (a rotated key, a missing route)
 * end it through {@link AgentEventListener#onStopped}. The connection and its pacing are {@link
 * ResumingSseFollower}'s; what the frames mean is {@link FrameDispatcher}'s.
 */
public final class AgentEventStream implements AutoCloseable {
  /** Bounds on what one peer can make this process hold; a request is at most 32,000 chars. */
  public static final int MAX_LINE_BYTES = 1024 * 1024;

  public static final int MAX_EVENT_BYTES = 1024 * 1024;

  private static final Set<ErrorCode> FATAL =
      Set.of(
          ErrorCode.AGENT_KEY_INVALID,
          ErrorCode.AUTH_INVALID,
          ErrorCode.AUTH_REQUIRED,
          ErrorCode.PROJECT_FORBIDDEN,
          ErrorCode.NOT_FOUND,
          ErrorCode.METHOD_NOT_ALLOWED);

  private final FrameDispatcher frames;
  private final ResumingSseFollower follower;

  private AgentEventStream(FrameDispatcher frames, ResumingSseFollower follower) {
    this.frames = frames;
    this.follower = follower;
  }

  /** Starts following the stream of the agent {@code peers} acts as, after {@code afterSeq}. */
  public static AgentEventStream follow(
      HubHttp http,
      HttpPeerOperations peers,
      long afterSeq,
      AgentEventListener listener,
      StreamTiming timing) {
    FrameDispatcher frames = new FrameDispatcher(listener, afterSeq);
    ResumingSseFollower.Spec spec =
        new ResumingSseFollower.Spec(
            "event stream",
            "kxm-events-" + peers.agent().name(),
            peers.eventsPath(),
            peers.keyHeader(),
            MAX_LINE_BYTES,
            MAX_EVENT_BYTES,
            FATAL);
    return new AgentEventStream(
        frames, ResumingSseFollower.start(http, spec, frames, listener::onStopped, timing));
  }

  /** The last sequence number handed to the listener (or skipped as unreadable). */
  public long lastSeq() {
    return frames.lastSeq();
  }

  @Override
  public void close() {
    follower.close();
  }
}
