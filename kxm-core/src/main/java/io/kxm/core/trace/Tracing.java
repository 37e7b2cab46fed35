package io.kxm.core.trace;

import io.kxm.core.settings.EnvSettings;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The traces of one process (the hub or the runtime supervisor), exported over OTLP/HTTP when
 * {@code KXM_OTLP_ENDPOINT} names a collector ({@code http://collector:4318}) and nothing at all
 * otherwise: without an endpoint the tracer is OpenTelemetry's no-op one, so spans cost a method
 * call.
 *
 * <p>Spans carry ids, names, tool names, sequence numbers and outcomes, never a body, a prompt or a
 * token. {@code KXM_OTLP_BATCH_DELAY_MS} is how long finished spans wait before they are sent
 * together (default 2000).
 */
public final class Tracing implements AutoCloseable {
  public static final String ENDPOINT = "KXM_OTLP_ENDPOINT";
  public static final String BATCH_DELAY = "KXM_OTLP_BATCH_DELAY_MS";
  private static final String SCOPE = "io.kxm";
  private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");
  private static final AttributeKey<String> SERVICE_VERSION =
      AttributeKey.stringKey("service.version");

  private final OpenTelemetry telemetry;
  private final Optional<OpenTelemetrySdk> sdk;
  private final Optional<URI> endpoint;

  private Tracing(OpenTelemetry telemetry, Optional<OpenTelemetrySdk> sdk, Optional<URI> endpoint) {
    this.telemetry = telemetry;
    this.sdk = sdk;
    this.endpoint = endpoint;
  }

  /** Tracing turned off: every span is a no-op. */
  public static Tracing off() {
    return new Tracing(OpenTelemetry.noop(), Optional.empty(), Optional.empty());
  }

  /**
   * Tracing as the environment asks: off unless {@code KXM_OTLP_ENDPOINT} is set, which must be an
   * absolute {@code http} or {@code https} URL (the collector's base; {@code /v1/traces} is added).
   *
   * @param service the {@code service.name} of every span, such as {@code kxm-hub}
   */
  public static Tracing fromEnvironment(Map<String, String> env, String service, String version) {
    EnvSettings read = EnvSettings.of(env);
    String endpoint = read.string(ENDPOINT);
    if (endpoint == null) {
      return off();
    }
    URI base = collector(endpoint);
    Duration delay =
        read.millis(
            BATCH_DELAY, Duration.ofSeconds(2), Duration.ofMillis(10), Duration.ofMinutes(1));
    URI traces = URI.create(stripSlash(base.toString()) + "/v1/traces");
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(
                Resource.getDefault()
                    .merge(
                        Resource.create(
                            Attributes.of(SERVICE_NAME, service, SERVICE_VERSION, version))))
            .addSpanProcessor(
                BatchSpanProcessor.builder(
                        OtlpHttpSpanExporter.builder().setEndpoint(traces.toString()).build())
                    .setScheduleDelay(delay)
                    .build())
            .build();
    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
    return new Tracing(sdk, Optional.of(sdk), Optional.of(traces));
  }

  private static URI collector(String endpoint) {
    URI uri;
    try {
      uri = URI.create(endpoint);
    } catch (IllegalArgumentException e) {
      throw EnvSettings.invalid(ENDPOINT, "is not a URL: '" + endpoint + "'");
    }
    String scheme = uri.getScheme();
    if (!("http".equals(scheme) || "https".equals(scheme)) || uri.getHost() == null) {
      throw EnvSettings.invalid(
          ENDPOINT,
          "must be an http:// or https:// URL of an OTLP/HTTP collector, such as"
              + " http://127.0.0.1:4318, got '"
              + endpoint
              + "'");
    }
    if (uri.getUserInfo() != null || uri.getQuery() != null) {
      throw EnvSettings.invalid(
          ENDPOINT, "must not carry credentials or a query; give the collector's base URL");
    }
    return uri;
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  public Tracer tracer() {
    return telemetry.getTracer(SCOPE);
  }

  public boolean enabled() {
    return sdk.isPresent();
  }

  /** Where spans go, when tracing is on: the collector's {@code /v1/traces}. */
  public Optional<URI> endpoint() {
    return endpoint;
  }

  /** Sends what is finished and not yet sent, waiting up to five seconds. */
  public void flush() {
    sdk.ifPresent(s -> s.getSdkTracerProvider().forceFlush().join(5, TimeUnit.SECONDS));
  }

  /** Sends what is left and stops the exporter. */
  @Override
  public void close() {
    sdk.ifPresent(s -> s.shutdown().join(5, TimeUnit.SECONDS));
  }
}
