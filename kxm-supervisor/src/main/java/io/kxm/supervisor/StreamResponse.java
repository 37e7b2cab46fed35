package io.kxm.supervisor;

import io.javalin.http.Context;
import io.kxm.session.stream.SseOutput;
import java.io.IOException;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;

/** Turns a Javalin response into an SSE stream whose connection can be cut from another thread. */
final class StreamResponse {
  private StreamResponse() {}

  /** Sets the SSE status and headers and returns the body as frames. */
  static SseOutput open(Context ctx) throws IOException {
    ctx.status(200);
    ctx.contentType("text/event-stream; charset=utf-8");
    ctx.header("Cache-Control", "no-cache");
    ctx.header("X-Accel-Buffering", "no"); // proxies must not hold frames back
    EndPoint endPoint = endPointOf(ctx);
    return new SseOutput(
        ctx.res().getOutputStream(),
        () -> {
          // Closing the endpoint only marks it and wakes the selector; it never blocks.
          if (endPoint != null) {
            endPoint.close();
          }
        });
  }

  private static EndPoint endPointOf(Context ctx) {
    ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(ctx.req());
    return jetty == null ? null : jetty.getConnectionMetaData().getConnection().getEndPoint();
  }
}
