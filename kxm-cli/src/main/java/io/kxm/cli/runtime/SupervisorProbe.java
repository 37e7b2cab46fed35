package io.kxm.cli.runtime;

import io.kxm.client.HttpClients;
import io.kxm.core.json.Json;
import io.kxm.supervisor.HealthProof;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Asks a port whether the real supervisor answers there: a fresh nonce goes to {@code /health} and
 * the answer must carry the keyed proof made with the token read from disk. Any other process that
 * took the port over, even one that answers {@code {"ok":true}}, fails.
 */
public final class SupervisorProbe {
  private SupervisorProbe() {}

  public static boolean verified(String baseUrl, String token) {
    String nonce = HealthProof.newNonce();
    // A client per probe, closed after it: no connection stays open to a port we may not trust.
    try (HttpClient client =
        HttpClients.forBase(URI.create(baseUrl)).connectTimeout(Duration.ofSeconds(2)).build()) {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(baseUrl + "/health?nonce=" + nonce))
              .timeout(Duration.ofSeconds(3))
              .GET()
              .build();
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return false;
      }
      var body = Json.read(response.body());
      return body.path("ok").asBoolean(false)
          && HealthProof.verify(token, nonce, body.path("proof").asString(null));
    } catch (IOException | RuntimeException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
