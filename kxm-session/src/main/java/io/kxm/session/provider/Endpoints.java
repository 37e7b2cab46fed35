package io.kxm.session.provider;

import java.net.URI;

/** Joins a configured base URL and an API path, whether or not the base ends in a slash. */
final class Endpoints {
  private Endpoints() {}

  static URI under(URI base, String path) {
    String root = base.toString();
    return URI.create((root.endsWith("/") ? root : root + "/") + path);
  }
}
