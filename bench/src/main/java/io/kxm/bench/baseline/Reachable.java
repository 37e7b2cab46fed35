package io.kxm.bench.baseline;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Whether a service answers on a loopback port, checked before a measure depends on it. */
final class Reachable {
  private Reachable() {}

  static boolean tcp(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static String env(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }
}
