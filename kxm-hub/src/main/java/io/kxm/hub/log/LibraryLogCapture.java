package io.kxm.hub.log;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AppenderBase;
import io.kxm.core.secret.Redactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * Sends what Jetty, Javalin and other libraries log through SLF4J into the hub log instead of the
 * console, so a foreground {@code kxm hub start} never prints their stack traces. Undone on close.
 * Does nothing when Logback is not the SLF4J backend.
 */
public final class LibraryLogCapture implements AutoCloseable {
  private final Logger root;
  private final List<Appender<ILoggingEvent>> previous;
  private final Level previousLevel;
  private final Appender<ILoggingEvent> appender;

  private LibraryLogCapture(
      Logger root,
      List<Appender<ILoggingEvent>> previous,
      Level previousLevel,
      Appender<ILoggingEvent> appender) {
    this.root = root;
    this.previous = previous;
    this.previousLevel = previousLevel;
    this.appender = appender;
  }

  public static LibraryLogCapture install(HubLog log) {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return new LibraryLogCapture(null, List.of(), null, null);
    }
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    List<Appender<ILoggingEvent>> previous = new ArrayList<>();
    root.iteratorForAppenders().forEachRemaining(previous::add);
    previous.forEach(root::detachAppender);
    Level previousLevel = root.getLevel();
    // Unconfigured Logback logs DEBUG; Jetty at DEBUG would bury the request lines.
    if (previousLevel == null || !previousLevel.isGreaterOrEqual(Level.INFO)) {
      root.setLevel(Level.INFO);
    }
    AppenderBase<ILoggingEvent> appender = new ToHubLog(log);
    appender.setContext(context);
    appender.setName("kxm-hub-log");
    appender.start();
    root.addAppender(appender);
    return new LibraryLogCapture(root, previous, previousLevel, appender);
  }

  @Override
  public void close() {
    if (root == null) {
      return;
    }
    root.detachAppender(appender);
    appender.stop();
    previous.forEach(root::addAppender);
    root.setLevel(previousLevel);
  }

  private static final class ToHubLog extends AppenderBase<ILoggingEvent> {
    private final HubLog log;

    ToHubLog(HubLog log) {
      this.log = log;
    }

    @Override
    protected void append(ILoggingEvent event) {
      String message = event.getFormattedMessage();
      if (event.getThrowableProxy() instanceof ThrowableProxy proxy) {
        log.error(event.getLoggerName(), null, message, proxy.getThrowable());
        return;
      }
      log.event(
          event.getLevel().toString().toLowerCase(java.util.Locale.ROOT),
          event.getLoggerName(),
          Map.of("message", Redactor.redact(message == null ? "" : message)));
    }
  }
}
