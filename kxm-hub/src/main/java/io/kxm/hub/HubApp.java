package io.kxm.hub;

import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.json.JavalinJackson3;
import io.kxm.core.json.Json;
import io.kxm.hub.http.ErrorMapper;
import io.kxm.hub.http.HubRoutes;
import io.kxm.hub.http.RequestPipeline;
import io.kxm.hub.http.ServletMount;
import io.kxm.hub.lifecycle.JettySetup;
import jakarta.servlet.DispatcherType;
import java.util.EnumSet;
import java.util.List;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/** Builds the Javalin application: settings, pipeline, error mapping, features and servlets. */
final class HubApp {
  private HubApp() {}

  static Javalin create(HubParts parts, List<HubFeature> features) {
    return Javalin.create(config -> configure(config, parts, features));
  }

  private static void configure(JavalinConfig config, HubParts parts, List<HubFeature> features) {
    HubConfig settings = parts.config();
    config.concurrency.useVirtualThreads = true;
    config.startup.showJavalinBanner = false;
    config.startup.showOldJavalinVersionWarning = false;
    config.startup.startupWatcherEnabled = false;
    config.jsonMapper(new JavalinJackson3(Json.MAPPER, false));
    config.http.prefer405over404 = true;
    config.jetty.host = settings.host();
    config.jetty.port = settings.port();
    config.jetty.modifyServer(
        server -> JettySetup.apply(server, settings.shutdownGrace(), parts.drain(), parts.clock()));

    new RequestPipeline(
            parts.guard(), parts.bearer(), parts.consoles(), parts.observer(), parts.clock())
        .install(config);
    new ErrorMapper(parts.log(), settings.maxBodyBytes()).install(config);

    HubRoutes routes = new HubRoutes(config.routes);
    HubContext context = parts.context(routes);
    features.forEach(feature -> feature.install(context));
    List<ServletMount> servlets = routes.servlets();
    if (!servlets.isEmpty()) {
      config.jetty.modifyServletContextHandler(handler -> servlets.forEach(m -> mount(handler, m)));
    }
  }

  /** An exact-path mapping beats Javalin's {@code /*}; async on, as streaming transports need. */
  private static void mount(ServletContextHandler handler, ServletMount mount) {
    ServletHolder servlet = new ServletHolder(mount.servlet());
    servlet.setAsyncSupported(true);
    handler.addServlet(servlet, mount.path());
    for (var filter : mount.filters()) {
      FilterHolder holder = new FilterHolder(filter);
      holder.setAsyncSupported(true);
      handler.addFilter(holder, mount.path(), EnumSet.of(DispatcherType.REQUEST));
    }
  }
}
