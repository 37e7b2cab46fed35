package io.kxm.hub.sse;

import java.util.List;

/** Where a follower replays a stream from: the store, by sequence number. */
public interface StreamSource {

  /** Events with {@code seq > afterSeq}, oldest first, at most {@code limit}. */
  List<SseEvent> readAfter(String stream, long afterSeq, int limit);

  /** The smallest sequence number the store still holds for the stream, or 0 when empty. */
  long firstRetainedSeq(String stream);
}
