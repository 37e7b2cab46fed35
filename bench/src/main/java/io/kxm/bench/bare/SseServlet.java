package io.kxm.bench.bare;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A plain SSE endpoint: each connection parks its (virtual) request thread on a queue and writes
 * whatever is queued, flushing once the queue is drained. {@link #broadcaster()} queues the same
 * bytes for every connection; {@link #stats()} says how many are connected.
 */
final class SseServlet extends HttpServlet {
  private static final byte[] OPENING = ": ok\n\n".getBytes(StandardCharsets.UTF_8);
  private static final byte[] HEARTBEAT = ":\n\n".getBytes(StandardCharsets.UTF_8);

  private final Set<LinkedBlockingQueue<byte[]>> subscribers = ConcurrentHashMap.newKeySet();
  private volatile boolean virtual;

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    virtual = Thread.currentThread().isVirtual();
    resp.setStatus(200);
    resp.setContentType("text/event-stream");
    resp.setCharacterEncoding("UTF-8");
    resp.setHeader("Cache-Control", "no-cache");
    ServletOutputStream out = resp.getOutputStream();
    // Subscribed before the client hears the stream is open, so a broadcast it asks for once
    // open reaches it.
    LinkedBlockingQueue<byte[]> queue = new LinkedBlockingQueue<>();
    subscribers.add(queue);
    try {
      out.write(OPENING);
      out.flush();
      while (true) {
        byte[] event = queue.poll(15, TimeUnit.SECONDS);
        if (event == null) {
          out.write(HEARTBEAT);
        } else {
          do {
            out.write(event);
          } while ((event = queue.poll()) != null);
        }
        out.flush();
      }
    } catch (IOException e) {
      // The client went away: the normal end of a stream.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      subscribers.remove(queue);
    }
  }

  /** {@code POST /broadcast?events=N&bytes=B}: answers at once, then queues N events for all. */
  HttpServlet broadcaster() {
    return new HttpServlet() {
      @Override
      protected void doPost(HttpServletRequest req, HttpServletResponse resp) {
        int events = Integer.parseInt(req.getParameter("events"));
        int bytes = Integer.parseInt(req.getParameter("bytes"));
        resp.setStatus(202);
        resp.setContentLength(0);
        Thread.startVirtualThread(() -> broadcast(events, bytes));
      }
    };
  }

  /** {@code GET /stats}: connected subscribers, and whether requests run on virtual threads. */
  HttpServlet stats() {
    return new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        byte[] body =
            ("{\"subscribers\":" + subscribers.size() + ",\"virtual\":" + virtual + "}")
                .getBytes(StandardCharsets.UTF_8);
        resp.setContentType("application/json");
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
      }
    };
  }

  private void broadcast(int events, int bytes) {
    for (int seq = 1; seq <= events; seq++) {
      byte[] frame = EventFrame.of(seq, bytes);
      for (LinkedBlockingQueue<byte[]> q : subscribers) {
        q.offer(frame);
      }
    }
  }
}
