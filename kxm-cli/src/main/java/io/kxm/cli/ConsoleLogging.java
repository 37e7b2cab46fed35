package io.kxm.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * The CLI's logging, set up in code: warnings and errors only, on stderr, since {@code kxm mcp}
 * speaks its protocol on stdout and a stray line there would corrupt it. Reading an XML file for
 * this cost every command about 80 ms of its start. It ranks below logback's file lookup, so a
 * {@code logback.xml} or {@code logback-test.xml} on the class path still wins.
 */
@ConfiguratorRank(ConfiguratorRank.NOMINAL - 5)
public final class ConsoleLogging extends ContextAwareBase implements Configurator {
  @Override
  public ExecutionStatus configure(LoggerContext context) {
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("kxm: %-5level %logger{24} - %msg%n");
    encoder.start();

    ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
    stderr.setContext(context);
    stderr.setName("STDERR");
    stderr.setTarget("System.err");
    stderr.setEncoder(encoder);
    stderr.start();

    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.WARN);
    root.addAppender(stderr);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }
}
