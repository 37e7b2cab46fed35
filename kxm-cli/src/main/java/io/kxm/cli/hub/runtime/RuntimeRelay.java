package io.kxm.cli.hub.runtime;

import io.javalin.http.Context;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.cli.runtime.SupervisorStream;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import io.kxm.hub.lifecycle.DrainSignal;
import io.kxm.hub.stream.JettySseSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Relays one of the supervisor's event streams (a session's or a session run's) to a browser: read
 * with the one SSE reader, written with the hub's one SSE writer, each event with the id and name
 * the supervisor gave it, so {@code Last-Event-ID} resumes where the browser left off. The upstream
 * stream is opened before any header goes out, so an unknown run, a bad cursor or an absent
 * supervisor is still an error envelope. It ends when either side goes or the hub drains.
 */
final class RuntimeRelay {
  /** The supervisor's lines are JSON envelopes; a harness line is at most 1 MiB. */
  private static final int MAX_LINE = 2 * 1024 * 1024;

  private static final int MAX_EVENT = 4 * 1024 * 1024;

  private RuntimeRelay() {}

  static void relay(
      Context ctx, RunningSupervisor supervisor, String path, long after, DrainSignal drain)
      throws IOException {
    InputStream upstream = open(supervisor, path, after);
    try (upstream) {
      JettySseSink sink = JettySseSink.start(ctx);
      SseReader reader = new SseReader(upstream, MAX_LINE, MAX_EVENT).skipOversized();
      reader.onComment(text -> {
        try {
          sink.comment(text);
          sink.flush();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      SseFrame frame;
      while (!drain.isDraining() && (frame = reader.next()) != null) {
        if (frame.oversized() || frame.data() == null) {
          continue;
        }
        sink.named(id(frame), frame.event(), frame.data());
        sink.flush();
      }
    } catch (IOException | UncheckedIOException e) {
      // The browser or the supervisor went away; the browser reconnects with its last id.
    }
  }

  private static InputStream open(RunningSupervisor supervisor, String path, long after) {
    return SupervisorAccess.mapped(() -> {
      try {
        return SupervisorStream.open(supervisor, path, after);
      } catch (IOException e) {
        throw SupervisorAccess.unavailable(e);
      }
    });
  }

  private static long id(SseFrame frame) {
    if (frame.id() == null) {
      return -1;
    }
    try {
      return Long.parseLong(frame.id());
    } catch (NumberFormatException e) {
      return -1; // the supervisor numbers its events; anything else is not a cursor to resume at
    }
  }
}
