package io.kxm.bench.client;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One HTTP/1.1 request with its head encoded once, so that a load loop sending it many times spends
 * nothing on formatting.
 */
public record Request(String method, String path, byte[] head, byte[] body) {

  public static Request get(URI base, String path, Map<String, String> headers) {
    return of("GET", base, path, headers, null);
  }

  public static Request postJson(URI base, String path, Map<String, String> headers, String json) {
    return of("POST", base, path, headers, json.getBytes(StandardCharsets.UTF_8));
  }

  public static Request of(
      String method, URI base, String path, Map<String, String> headers, byte[] body) {
    StringBuilder sb = new StringBuilder(256);
    sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    sb.append("Host: ").append(base.getHost()).append(':').append(base.getPort()).append("\r\n");
    headers.forEach((k, v) -> sb.append(k).append(": ").append(v).append("\r\n"));
    if (body != null) {
      if (!headers.containsKey("Content-Type")) {
        sb.append("Content-Type: application/json\r\n");
      }
      sb.append("Content-Length: ").append(body.length).append("\r\n");
    }
    sb.append("\r\n");
    return new Request(method, path, sb.toString().getBytes(StandardCharsets.ISO_8859_1), body);
  }
}
