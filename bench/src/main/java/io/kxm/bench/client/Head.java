package io.kxm.bench.client;

import java.io.EOFException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** Status and headers of an HTTP/1.1 response; header names in lower case. */
record Head(int status, Map<String, String> headers) {
  private static final int MAX_LINE = 8192;
  private static final int MAX_HEADERS = 100;

  static Head read(WireIn in) throws IOException {
    String statusLine = in.readLine(MAX_LINE);
    if (statusLine == null) {
      throw new EOFException("connection closed before a response");
    }
    String[] parts = statusLine.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
      throw new IOException("not an HTTP/1.x status line: " + statusLine);
    }
    int status = Integer.parseInt(parts[1]);
    Map<String, String> headers = new HashMap<>();
    for (int i = 0; ; i++) {
      String line = in.readLine(MAX_LINE);
      if (line == null) {
        throw new EOFException("connection closed inside response headers");
      }
      if (line.isEmpty()) {
        return new Head(status, headers);
      }
      if (i == MAX_HEADERS) {
        throw new IOException("more than " + MAX_HEADERS + " response headers");
      }
      int colon = line.indexOf(':');
      if (colon > 0) {
        headers.merge(
            line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).trim(),
            (a, b) -> a + ", " + b);
      }
    }
  }

  boolean chunked() {
    return headers
        .getOrDefault("transfer-encoding", "")
        .toLowerCase(Locale.ROOT)
        .contains("chunked");
  }

  long contentLength() {
    String v = headers.get("content-length");
    return v == null ? -1 : Long.parseLong(v.trim());
  }

  boolean closes() {
    return headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT).contains("close");
  }
}
