package io.kxm.cli.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain authenticated GETs against a hub, for tests that read what it shows. */
public final class HubCalls {
  private final String baseUrl;

  public HubCalls(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  /** The body of {@code GET path} with {@code token}; fails the test on a status other than 200. */
  public String get(String path, String token) {
    try (HttpClient client = HttpClient.newHttpClient()) {
      HttpResponse<String> response =
          client.send(
              HttpRequest.newBuilder(URI.create(baseUrl + path))
                  .timeout(Duration.ofSeconds(20))
                  .header("Authorization", "Bearer " + token)
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new AssertionError(
            "GET " + path + " answered " + response.statusCode() + ": " + response.body());
      }
      return response.body();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
