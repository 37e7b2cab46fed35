package io.kxm.testkit.otlp;

import com.google.protobuf.ByteString;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * An OTLP/HTTP collector on loopback for trace tests: it accepts {@code POST /v1/traces} in
 * protobuf, as the OpenTelemetry SDK's exporter sends them, and keeps every span it was sent. Point
 * {@code KXM_OTLP_ENDPOINT} at {@link #endpoint()}.
 */
public final class OtlpCollector implements AutoCloseable {
  private static final HexFormat HEX = HexFormat.of();

  private final HttpServer server;
  private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

  /** One span as received, its ids in lower-case hex as OpenTelemetry shows them. */
  public record ReceivedSpan(
      String service,
      String name,
      String traceId,
      String spanId,
      String parentSpanId,
      String kind,
      Map<String, String> attributes) {

    public boolean isChildOf(ReceivedSpan parent) {
      return traceId.equals(parent.traceId) && parentSpanId.equals(parent.spanId);
    }
  }

  private OtlpCollector(HttpServer server) {
    this.server = server;
  }

  public static OtlpCollector start() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    OtlpCollector collector = new OtlpCollector(server);
    server.createContext("/v1/traces", collector::receive);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.start();
    return collector;
  }

  /** The collector's base URL, such as {@code http://127.0.0.1:43187}. */
  public String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Every span received so far, in the order they arrived. */
  public List<ReceivedSpan> spans() {
    return List.copyOf(spans);
  }

  private void receive(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"POST".equals(exchange.getRequestMethod())) {
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      ExportTraceServiceRequest request;
      try (InputStream body = exchange.getRequestBody()) {
        request = ExportTraceServiceRequest.parseFrom(body.readAllBytes());
      } catch (IOException e) {
        exchange.sendResponseHeaders(400, -1);
        return;
      }
      for (ResourceSpans resource : request.getResourceSpansList()) {
        String service = attributes(resource.getResource()).getOrDefault("service.name", "");
        for (ScopeSpans scope : resource.getScopeSpansList()) {
          for (Span span : scope.getSpansList()) {
            spans.add(
                new ReceivedSpan(
                    service,
                    span.getName(),
                    hex(span.getTraceId()),
                    hex(span.getSpanId()),
                    hex(span.getParentSpanId()),
                    span.getKind().name(),
                    attributes(span.getAttributesList())));
          }
        }
      }
      byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
      exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
      exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
      if (answer.length > 0) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(answer);
        }
      }
    }
  }

  private static Map<String, String> attributes(Resource resource) {
    return attributes(resource.getAttributesList());
  }

  private static Map<String, String> attributes(List<KeyValue> values) {
    Map<String, String> out = new LinkedHashMap<>();
    for (KeyValue kv : values) {
      AnyValue v = kv.getValue();
      out.put(
          kv.getKey(),
          switch (v.getValueCase()) {
            case STRING_VALUE -> v.getStringValue();
            case INT_VALUE -> Long.toString(v.getIntValue());
            case BOOL_VALUE -> Boolean.toString(v.getBoolValue());
            case DOUBLE_VALUE -> Double.toString(v.getDoubleValue());
            default -> v.toString();
          });
    }
    return out;
  }

  private static String hex(ByteString bytes) {
    return HEX.formatHex(bytes.toByteArray());
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
