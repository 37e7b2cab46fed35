package io.kxm.bench.product;

import java.net.URI;

/** A running hub the product scenarios talk to, and the project they register agents in. */
public interface HubEndpoint extends AutoCloseable {
  URI base();

  String project();

  String projectToken();

  @Override
  default void close() throws Exception {}
}
