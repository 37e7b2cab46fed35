package io.kxm.bench.product;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Request;
import java.net.URI;

/**
 * One agent of a send load: its own keep-alive connection, one durable send at a time, each waiting
 * for its 201. Stale connections are reopened before a window, outside it.
 */
final class SendWorker implements Load.Worker {
  private final HttpConnection connection;
  private final Request send;

  private SendWorker(HttpConnection connection, Request send) {
    this.connection = connection;
    this.send = send;
  }

  static SendWorker open(URI base, Request send) throws Exception {
    return new SendWorker(HttpConnection.open(base), send);
  }

  @Override
  public void once() throws Exception {
    connection.send(send).expect(201, "send");
  }

  @Override
  public void ready() throws Exception {
    connection.fresh();
  }

  @Override
  public void close() {
    connection.close();
  }
}
