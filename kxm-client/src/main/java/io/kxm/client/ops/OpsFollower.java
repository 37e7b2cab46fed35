package io.kxm.client.ops;

import io.kxm.client.HubHttp;
import io.kxm.client.ResumingSseFollower;
import io.kxm.client.StreamTiming;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One follower of the operations stream, resuming like the agent event stream (both through {@link
 * ResumingSseFollower}): after a dropped connection it reconnects with {@code Last-Event-ID} after
 * the last number it handed over, and drops anything at or below it, so each entry reaches the
 * consumer once. A refusal no retry can fix (a bad token, another project's stream) stops it;
 * {@link #stopped} then says why. When the hub purged entries the cursor needed, the consumer gets
 * {@code {"kind":"cursor_expired",...}} and following goes on from the oldest entry kept.
 */
public final class OpsFollower implements AutoCloseable {
  /** Entries are metadata of a few hundred bytes; this bounds what one hub can make us hold. */
  private static final int MAX_LINE_BYTES = 256 * 1024;

  private static final Logger log = LoggerFactory.getLogger(OpsFollower.class);
  private static final Set<ErrorCode> FATAL =
      Set.of(
          ErrorCode.AUTH_INVALID,
          ErrorCode.AUTH_REQUIRED,
          ErrorCode.PROJECT_FORBIDDEN,
          ErrorCode.INVALID_CURSOR,
          ErrorCode.INVALID_REQUEST,
          ErrorCode.NOT_FOUND,
          ErrorCode.METHOD_NOT_ALLOWED);

  private final Entries entries;
  private final AtomicReference<KxmException> stopped;
  private final ResumingSseFollower follower;

  private OpsFollower(
      Entries entries, AtomicReference<KxmException> stopped, ResumingSseFollower follower) {
    this.entries = entries;
    this.stopped = stopped;
    this.follower = follower;
  }

  static OpsFollower start(
      HubHttp http, String path, long afterSeq, Consumer<JsonNode> onEntry, StreamTiming timing) {
    Entries entries = new Entries(afterSeq, onEntry);
    AtomicReference<KxmException> stopped = new AtomicReference<>();
    ResumingSseFollower.Spec spec =
        new ResumingSseFollower.Spec(
            "operations stream",
            "kxm-ops-follow",
            path,
            Map.of(),
            MAX_LINE_BYTES,
            MAX_LINE_BYTES,
            FATAL);
    return new OpsFollower(
        entries, stopped, ResumingSseFollower.start(http, spec, entries, stopped::set, timing));
  }

  /** The number of the last entry handed over: where a reconnect resumes. */
  public long lastSeq() {
    return entries.lastSeq();
  }

  /** The refusal that stopped this follower, or null while it follows. */
  public KxmException stopped() {
    return stopped.get();
  }

  @Override
  public void close() {
    follower.close();
  }

  /** Turns the stream's frames into entries for the consumer, keeping the resume point. */
  private static final class Entries implements ResumingSseFollower.Frames {
    private final Consumer<JsonNode> onEntry;
    private volatile long lastSeq;

    Entries(long afterSeq, Consumer<JsonNode> onEntry) {
      this.lastSeq = afterSeq;
      this.onEntry = onEntry;
    }

    @Override
    public long lastSeq() {
      return lastSeq;
    }

    @Override
    public boolean dispatch(SseFrame frame) {
      if ("cursor_expired".equals(frame.event())) {
        JsonNode body = ResumingSseFollower.Frames.jsonObject(frame.data());
        ObjectNode notice = Json.MAPPER.createObjectNode();
        notice.put("kind", "cursor_expired");
        long first = body == null ? 0 : body.path("firstRetainedSeq").asLong(0);
        notice.put("firstRetainedSeq", first);
        if (first > 1) {
          lastSeq = Math.max(lastSeq, first - 1);
        }
        deliver(notice);
        return true;
      }
      if (frame.id() == null || frame.oversized()) {
        return false; // comments carry no id; an oversized frame is not an entry we can read
      }
      long seq;
      try {
        seq = Long.parseLong(frame.id().strip());
      } catch (NumberFormatException e) {
        return false;
      }
      if (seq <= lastSeq) {
        return false;
      }
      JsonNode entry = ResumingSseFollower.Frames.jsonObject(frame.data());
      if (entry != null) {
        deliver(entry);
      }
      lastSeq = seq;
      return true;
    }

    private void deliver(JsonNode entry) {
      try {
        onEntry.accept(entry);
      } catch (RuntimeException e) {
        // One entry the consumer cannot handle must not stall the stream behind it.
        log.warn("operations entry {} could not be handled", entry.path("seq").asLong(), e);
      }
    }
  }
}
