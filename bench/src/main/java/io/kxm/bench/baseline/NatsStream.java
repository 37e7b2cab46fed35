package io.kxm.bench.baseline;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file-backed JetStream stream of the suite's own on the loopback nats-server, deleted when the
 * measure closes. The server is expected to run already ({@code nats-server -js}).
 */
final class NatsStream implements AutoCloseable {
  static final String URL = Reachable.env("KXM_BENCH_NATS_URL", "nats://127.0.0.1:4222");

  final String name;
  final String subject;
  private final Connection admin;

  private NatsStream(String name, String subject, Connection admin) {
    this.name = name;
    this.subject = subject;
    this.admin = admin;
  }

  /** Creates the stream, or throws {@link Measure.Skip} when no JetStream server answers. */
  static NatsStream create(String purpose) throws Exception {
    URI uri = URI.create(URL);
    if (!Reachable.tcp(uri.getHost(), uri.getPort())) {
      throw new Measure.Skip(
          "nats-server is not answering on " + URL + "; start it with `nats-server -js`");
    }
    Connection admin = connect();
    String id =
        purpose
            + "_"
            + ProcessHandle.current().pid()
            + "_"
            + ThreadLocalRandom.current().nextInt(1 << 20);
    String name = "KXM_BENCH_" + id.toUpperCase(java.util.Locale.ROOT);
    String subject = "kxm.bench." + id;
    try {
      admin
          .jetStreamManagement()
          .addStream(
              StreamConfiguration.builder()
                  .name(name)
                  .subjects(subject)
                  .storageType(StorageType.File)
                  .build());
    } catch (JetStreamApiException e) {
      admin.close();
      throw new Measure.Skip(
          "nats-server on " + URL + " refused a JetStream stream (is -js on?): " + e.getMessage());
    }
    return new NatsStream(name, subject, admin);
  }

  static Connection connect() throws Exception {
    return Nats.connect(
        new Options.Builder()
            .server(URL)
            .connectionTimeout(Duration.ofSeconds(5))
            .noReconnect()
            .build());
  }

  Connection admin() {
    return admin;
  }

  @Override
  public void close() throws Exception {
    try {
      admin.jetStreamManagement().deleteStream(name);
    } catch (Exception e) {
      Log.warn("could not delete NATS stream " + name + ": " + e.getMessage());
    } finally {
      admin.close();
    }
  }
}
