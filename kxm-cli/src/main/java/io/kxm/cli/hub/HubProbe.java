package io.kxm.cli.hub;

import io.kxm.client.HttpClients;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Asks a hub's {@code /health} whether it answers. */
final class HubProbe {
  private HubProbe() {}

  /** A client per probe, closed after it: one left open delays the JVM's exit. */
  static boolean healthy(String baseUrl) {
    try (HttpClient client =
        HttpClients.forBase(URI.create(baseUrl)).connectTimeout(Duration.ofSeconds(2)).build()) {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(baseUrl + "/health"))
              .timeout(Duration.ofSeconds(2))
              .GET()
              .build();
      return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException | IllegalArgumentException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
