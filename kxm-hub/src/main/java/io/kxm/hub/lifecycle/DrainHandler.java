package io.kxm.hub.lifecycle;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.http.ErrorEnvelope;
import io.kxm.hub.http.HubRequest;
import io.kxm.hub.http.RequestIds;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.component.Graceful;

/**
 * Jetty's part of a graceful stop, in front of Javalin and every mounted servlet. Jetty calls
 * {@link #shutdown()} when it stops with a timeout; from then on a request that still arrives on an
 * open connection gets 503 {@code server_draining} and the connection is closed, while requests
 * already running are counted down. Jetty waits for the returned future before closing connections,
 * up to the grace period.
 */
final class DrainHandler extends Handler.Wrapper implements Graceful {
  private final AtomicLong inFlight = new AtomicLong();
  private final CompletableFuture<Void> drained = new CompletableFuture<>();
  private final DrainSignal signal;
  private final Clock clock;
  private volatile boolean shutdown;

  DrainHandler(DrainSignal signal, Clock clock) {
    this.signal = signal;
    this.clock = clock;
  }

  long inFlight() {
    return inFlight.get();
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    // Count first, then look at the flag: a request that slips past a concurrent shutdown() is
    // then still waited for.
    inFlight.incrementAndGet();
    Callback counted = Callback.from(callback, this::finished);
    if (shutdown) {
      refuse(request, response, counted);
      return true;
    }
    try {
      boolean handled = super.handle(request, response, counted);
      if (!handled) {
        finished();
      }
      return handled;
    } catch (Throwable t) {
      finished();
      throw t;
    }
  }

  @Override
  public CompletableFuture<Void> shutdown() {
    shutdown = true;
    signal.begin();
    checkDrained();
    return drained;
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  private void finished() {
    inFlight.decrementAndGet();
    checkDrained();
  }

  private void checkDrained() {
    if (shutdown && inFlight.get() == 0) {
      drained.complete(null);
    }
  }

  private void refuse(Request request, Response response, Callback callback) {
    String id = RequestIds.accept(request.getHeaders().get(HubRequest.REQUEST_ID_HEADER), clock);
    byte[] body =
        ErrorEnvelope.bytes(
            new KxmException(
                ErrorCode.SERVER_DRAINING, "the hub is shutting down and takes no new requests"));
    response.setStatus(503);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, ErrorEnvelope.CONTENT_TYPE);
    response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    response.getHeaders().put(HubRequest.REQUEST_ID_HEADER, id);
    response.write(true, ByteBuffer.wrap(body), callback);
  }
}
