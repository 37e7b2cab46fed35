package io.kxm.hub;

import io.javalin.Javalin;
import io.javalin.util.JavalinBindException;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.AdminTokenSource;
import io.kxm.hub.auth.BearerAuth;
import io.kxm.hub.auth.BindGuard;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.console.ConsoleSessions;
import io.kxm.hub.guard.BrowserGuard;
import io.kxm.hub.health.HealthFeature;
import io.kxm.hub.http.RequestObserver;
import io.kxm.hub.identity.WhoAmIFeature;
import io.kxm.hub.lifecycle.DrainSignal;
import io.kxm.hub.lifecycle.JettySetup;
import io.kxm.hub.log.HubLog;
import io.kxm.hub.log.LibraryLogCapture;
import io.kxm.hub.metrics.HubMetrics;
import io.kxm.hub.metrics.MetricsFeature;
import io.kxm.hub.tokens.TokenFeature;
import java.net.BindException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The start sequence. The bind rule runs first, so a refused start leaves no file behind; the admin
 * token is created next; only then are the log opened and the port bound.
 */
final class HubLauncher {
  private HubLauncher() {}

  static HubServer launch(HubServerBuilder b) {
    HubConfig config = b.config;
    HubCredentials credentials =
        b.tokenStore == null
            ? HubCredentials.load(
                config.state().hubEnv(), config.adminToken(), config.projectTokens())
            : HubCredentials.shared(
                config.state().hubEnv(), config.adminToken(), config.projectTokens(), b.tokenStore);
    BindGuard.check(config.host(), credentials);
    AdminTokenSource adminSource = credentials.ensureAdminToken();
    HubLog log = HubLog.open(config.project().logsDir(), b.clock);
    LibraryLogCapture capture = b.captureLibraryLogs ? LibraryLogCapture.install(log) : null;
    HubMetrics metrics = HubMetrics.create(b.meterBinders);
    // Jetty reports -2 once its connector closes; the port must stay known while draining.
    AtomicInteger boundPort = new AtomicInteger(config.port());
    BrowserGuard guard =
        new BrowserGuard(
            config.host(), boundPort::get, config.allowedOrigins(), config.maxBodyBytes());
    HubParts parts =
        new HubParts(
            config,
            credentials,
            new BearerAuth(credentials),
            new ConsoleSessions(credentials, b.clock),
            guard,
            log,
            metrics,
            new RequestObserver(log, metrics),
            new DrainSignal(),
            b.clock);
    try {
      Javalin app = HubApp.create(parts, features(b, metrics));
      app.start();
      JettySetup.afterStart(app.jettyServer().server());
      boundPort.set(app.port());
      HubServer server =
          new HubServer(parts, app, app.port(), adminSource, capture, b.closeAfterStop);
      log.event("info", "hub.started", startFields(server));
      return server;
    } catch (RuntimeException e) {
      metrics.close();
      if (capture != null) {
        capture.close();
      }
      log.error("hub.start_failed", null, String.valueOf(e.getMessage()), e);
      log.close();
      throw startFailure(config, e);
    }
  }

  private static List<HubFeature> features(HubServerBuilder b, HubMetrics metrics) {
    List<HubFeature> features = new ArrayList<>();
    features.add(new HealthFeature(b.readiness));
    features.add(new MetricsFeature(metrics));
    features.add(new WhoAmIFeature());
    if (b.tokenStore != null) {
      features.add(new TokenFeature());
    }
    features.addAll(b.features);
    return features;
  }

  /** What the operator needs to see in the log: where, and how callers authenticate. */
  private static Map<String, Object> startFields(HubServer server) {
    return Map.of(
        "host", server.config().host(),
        "port", server.port(),
        "auth", server.adminTokenSource().name().toLowerCase(Locale.ROOT),
        "projects", server.credentials().projects().size());
  }

  private static KxmException startFailure(HubConfig config, RuntimeException e) {
    if (e instanceof KxmException k) {
      return k;
    }
    if (e instanceof JavalinBindException || e.getCause() instanceof BindException) {
      return new KxmException(
          ErrorCode.PORT_IN_USE, "cannot bind " + config.host() + ":" + config.port(), e);
    }
    return new KxmException(ErrorCode.INTERNAL, "the hub failed to start: " + e.getMessage(), e);
  }
}
