package io.kxm.hub.ops;

import io.kxm.hub.sse.SseEvent;
import io.kxm.hub.sse.StreamSource;
import io.kxm.store.Store;
import java.util.List;

/**
 * Replays the operations log from the store for a {@link io.kxm.hub.sse.StreamFollower}. Always the
 * whole log: the follower needs every number to know it missed none, and a project's view leaves
 * the other projects' entries out as it writes ({@link ProjectSink}).
 */
final class OpsEventSource implements StreamSource {
  private final Store store;

  OpsEventSource(Store store) {
    this.store = store;
  }

  @Override
  public List<SseEvent> readAfter(String stream, long afterSeq, int limit) {
    return store.opsEvents().readAfter(afterSeq, null, limit).stream()
        .map(event -> new SseEvent(event.seq(), event.envelopeJson()))
        .toList();
  }

  /** The oldest number still stored, or the next one when the log is empty. */
  @Override
  public long firstRetainedSeq(String stream) {
    return store.read(tx -> {
      var oldest = tx.opsEvents().oldestRetainedSeq();
      return oldest.isPresent() ? oldest.getAsLong() : tx.opsEvents().lastSeq() + 1;
    });
  }
}
