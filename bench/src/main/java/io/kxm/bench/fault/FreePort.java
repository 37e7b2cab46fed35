package io.kxm.bench.fault;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A loopback port nobody listens on right now, for a server of the suite's own. */
final class FreePort {
  private FreePort() {}

  static int pick() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
