package io.kxm.cli.doctor;

import io.kxm.client.HttpClients;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * One look at a hub's public {@code /health}: whether a KXM hub answers there (status 200 and the
 * {@code "status"} field its health route writes) and the time its {@code Date} header gives.
 */
record HubHealth(boolean kxmHub, Optional<Instant> serverDate, Instant sentAt, Instant receivedAt) {

  /** Asks {@code baseUrl}; empty when nothing answers HTTP there. */
  static Optional<HubHealth> ask(String baseUrl, Clock clock) throws InterruptedException {
    try (HttpClient client =
        HttpClients.forBase(URI.create(baseUrl)).connectTimeout(Duration.ofSeconds(2)).build()) {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(baseUrl + "/health"))
              .timeout(Duration.ofSeconds(3))
              .GET()
              .build();
      Instant sent = clock.instant();
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      Instant received = clock.instant();
      boolean kxm =
          response.statusCode() == 200
              && response.body().replace(" ", "").contains("\"status\":\"ok\"");
      Optional<Instant> date = response.headers().firstValue("Date").flatMap(HubHealth::httpDate);
      return Optional.of(new HubHealth(kxm, date, sent, received));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static Optional<Instant> httpDate(String value) {
    try {
      return Optional.of(
          ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
