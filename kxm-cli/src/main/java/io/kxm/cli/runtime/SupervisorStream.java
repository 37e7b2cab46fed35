package io.kxm.cli.runtime;

import io.kxm.client.HttpClients;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Opens one of the supervisor's event streams. A refusal (unknown run, bad cursor, bad token) comes
 * back as the supervisor's {@link KxmException}; a connection that fails or drops is an {@link
 * IOException}, which the follower answers by reconnecting. The token goes where {@link
 * SupervisorClient} would send it: a token from the token file to loopback URLs only.
 */
public final class SupervisorStream {
  private static final int MAX_ERROR_BODY = 64 * 1024;

  private SupervisorStream() {}

  /**
   * The open stream's body, positioned after event {@code lastSeq} (0: from the start). The caller
   * reads and closes it; closing ends the exchange.
   */
  public static InputStream open(RunningSupervisor supervisor, String path, long lastSeq)
      throws IOException {
    URI uri = URI.create(supervisor.url() + path);
    // No request timeout: it would cut a stream that is only quiet between heartbeats.
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .header("Authorization", supervisor.credential().authorizationFor(supervisor.url()))
            .header("Accept", "text/event-stream")
            .GET();
    if (lastSeq > 0) {
      request.header("Last-Event-ID", Long.toString(lastSeq));
    }
    HttpClient http = HttpClients.forBase(uri).connectTimeout(Duration.ofSeconds(5)).build();
    HttpResponse<InputStream> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      http.shutdownNow();
      Thread.currentThread().interrupt();
      throw new KxmException(ErrorCode.RUNTIME_UNREACHABLE, "interrupted while opening " + path);
    } catch (IOException e) {
      http.shutdownNow();
      throw e;
    }
    if (response.statusCode() != 200) {
      String body;
      try (InputStream in = response.body()) {
        body = new String(in.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8);
      } finally {
        http.shutdownNow();
      }
      throw SupervisorClient.refusal(response.statusCode(), body, "GET", uri);
    }
    return new OwnedBody(response.body(), http);
  }

  /** The body and the client it came from: one stream per client, both end together. */
  private static final class OwnedBody extends FilterInputStream {
    private final HttpClient http;

    OwnedBody(InputStream body, HttpClient http) {
      super(body);
      this.http = http;
    }

    @Override
    public void close() throws IOException {
      try {
        super.close();
      } finally {
        // The connection is not kept for reuse: the next stream may go to a restarted supervisor.
        http.shutdownNow();
      }
    }
  }
}
