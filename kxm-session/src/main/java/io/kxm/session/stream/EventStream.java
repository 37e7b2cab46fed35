package io.kxm.session.stream;

import io.kxm.session.api.EncodedEvent;
import io.kxm.session.api.LiveEvents.Overflowed;
import io.kxm.session.api.LiveEvents.Subscription;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Serves one SSE stream of session events on the request's own (virtual) thread: subscribe to live
 * events first, replay the store after the client's cursor, then follow live events, dropping any
 * at or below the last one sent. Subscribing before the replay leaves no gap; the drop leaves no
 * duplicate. The run side only ever offers events to the subscription's bounded buffer, so a slow
 * client never holds a run back: when it falls too far behind its connection is cut and it resumes
 * by replay.
 */
public final class EventStream {
  static final int BATCH = 500;

  private final SessionStore store;
  private final SessionSettings settings;
  private final ActiveStreams active;
  private final RunEnd runEnd;

  public EventStream(SessionStore store, SessionSettings settings, ActiveStreams active) {
    this.store = store;
    this.settings = settings;
    this.active = active;
    this.runEnd = new RunEnd(store);
  }

  /** Why {@link #serve} returned. */
  public enum End {
    /** A run stream's run ended and has no pending interaction left. */
    RUN_ENDED,
    CLIENT_GONE,
    /** The client fell more than the stream buffer behind and was cut. */
    OVERFLOW,
    /** The supervisor is stopping. */
    STOPPED,
    /** The store could not be read; the connection was cut and the client resumes by replay. */
    FAILED
  }

  /**
   * Streams the events of {@code key} after {@code afterSeq} to {@code out} until the stream ends,
   * on the calling thread. The caller has checked that the stream exists and that the cursor is
   * valid, and has sent the response's status and headers.
   */
  public End serve(StreamKey key, long afterSeq, SseOutput out) {
    try (Subscription live = store.live().subscribe(key, settings.streamBuffer());
        ActiveStreams.Entry entry = active.enter(live, out)) {
      if (entry == null) {
        return End.STOPPED;
      }
      try {
        return follow(key, afterSeq, live, out, entry);
      } catch (Overflowed e) {
        out.abort();
        return End.OVERFLOW;
      } catch (InterruptedException e) {
        // The supervisor stops: end the response normally; the client resumes elsewhere.
        Thread.interrupted();
        return End.STOPPED;
      } catch (IOException e) {
        return entry.wasCut() ? End.OVERFLOW : End.CLIENT_GONE;
      } catch (RuntimeException e) {
        // The headers are sent: an error envelope would corrupt the stream. Cutting it makes the
        // client resume by replay, against this supervisor or the next one.
        out.abort();
        return entry.stopped() ? End.STOPPED : End.FAILED;
      }
    }
  }

  private End follow(
      StreamKey key, long afterSeq, Subscription live, SseOutput out, ActiveStreams.Entry entry)
      throws IOException, InterruptedException, Overflowed {
    out.comment("connected");
    announceExpiredCursor(key, afterSeq, out);
    out.flush();
    long last = replay(key, afterSeq, out);
    if (runEnd.reached(key)) {
      return finish(key, last, out);
    }
    long heartbeatMillis = Math.max(1, settings.streamHeartbeat().toMillis());
    List<SessionEvent> batch = new ArrayList<>(BATCH);
    while (true) {
      SessionEvent first = live.poll(heartbeatMillis);
      if (first == null && live.isClosed()) {
        // The supervisor stops (or the store closed): what live delivery still held was sent;
        // a last replay sends anything committed since, then the response ends normally.
        replay(key, last, out);
        return End.STOPPED;
      }
      if (first == null) {
        out.comment("keep-alive");
        out.flush();
        if (runEnd.reached(key)) {
          return finish(key, last, out);
        }
        continue;
      }
      batch.add(first);
      batch.addAll(live.drain(BATCH - 1));
      boolean mayHaveEnded = false;
      for (SessionEvent event : batch) {
        if (event.seq() > last) {
          out.event(event);
          last = event.seq();
        }
        mayHaveEnded |= RunEnd.mayEnd(event.type());
      }
      batch.clear();
      out.flush(); // one network write for the whole batch
      if (mayHaveEnded && runEnd.reached(key)) {
        return finish(key, last, out);
      }
    }
  }

  /**
   * Tells a client resuming from below what the retention purge deleted that it missed events, as
   * the hub's streams do: a {@code cursor_expired} frame naming its cursor and the oldest seq the
   * stream still holds; the replay then goes on from its cursor with everything still held. A
   * client starting from 0 asked for whatever is held and is told nothing.
   */
  private void announceExpiredCursor(StreamKey key, long afterSeq, SseOutput out)
      throws IOException {
    if (afterSeq <= 0 || afterSeq >= store.purgedThrough(key)) {
      return;
    }
    long first = store.firstSeqAfter(key, afterSeq).orElse(store.lastSeq() + 1);
    out.control(
        "cursor_expired",
        "{\"type\":\"cursor_expired\",\"requestedAfter\":"
            + afterSeq
            + ",\"firstRetainedSeq\":"
            + first
            + ",\"hint\":\"events before firstRetainedSeq were purged; resync from current"
            + " state\"}");
  }

  /**
   * Sends anything that committed between the last event sent and the check that found the run
   * ended, such as the answer that closed its last interaction, then ends the response.
   */
  private End finish(StreamKey key, long last, SseOutput out) throws IOException {
    replay(key, last, out);
    return End.RUN_ENDED;
  }

  /** Sends stored events after {@code last} in batches, one flush each; returns the new last. */
  private long replay(StreamKey key, long last, SseOutput out) throws IOException {
    while (true) {
      List<EncodedEvent> events = store.replayEncoded(key, last, BATCH);
      for (EncodedEvent event : events) {
        if (event.seq() > last) {
          out.event(event);
          last = event.seq();
        }
      }
      out.flush();
      if (events.size() < BATCH) {
        return last;
      }
    }
  }
}
