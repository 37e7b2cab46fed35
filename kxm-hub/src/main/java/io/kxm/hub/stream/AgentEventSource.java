package io.kxm.hub.stream;

import io.kxm.hub.sse.SseEvent;
import io.kxm.hub.sse.StreamSource;
import io.kxm.store.Store;
import java.util.List;

/** Replays agent streams from the store for a {@link io.kxm.hub.sse.StreamFollower}. */
public final class AgentEventSource implements StreamSource {
  private final Store store;

  public AgentEventSource(Store store) {
    this.store = store;
  }

  @Override
  public List<SseEvent> readAfter(String stream, long afterSeq, int limit) {
    return store.agentEvents().readAfter(AgentStreams.agentId(stream), afterSeq, limit).stream()
        .map(event -> new SseEvent(event.seq(), event.envelopeJson()))
        .toList();
  }

  /**
   * The oldest number still stored; when every event was trimmed, the number the next event will
   * get, so that a client resuming from a trimmed number still learns its cursor expired.
   */
  @Override
  public long firstRetainedSeq(String stream) {
    String agentId = AgentStreams.agentId(stream);
    return store.read(tx -> {
      var oldest = tx.agentEvents().oldestRetainedSeq(agentId);
      return oldest.isPresent() ? oldest.getAsLong() : tx.agentEvents().lastSeq(agentId) + 1;
    });
  }
}
