package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.ConsoleAppender;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

class ConsoleLoggingTest {
  @Test
  void commands_log_warnings_and_errors_only_and_only_to_stderr() {
    LoggerContext context = new LoggerContext();
    ConsoleLogging logging = new ConsoleLogging();
    logging.setContext(context);

    Configurator.ExecutionStatus status = logging.configure(context);

    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    assertThat(status).isEqualTo(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
    assertThat(root.getLevel()).isEqualTo(Level.WARN);
    assertThat(root.getAppender("STDERR"))
        .isInstanceOfSatisfying(
            ConsoleAppender.class,
            appender -> assertThat(appender.getTarget()).isEqualTo("System.err"));
    context.stop();
  }

  @Test
  void logback_finds_it_through_the_service_loader() {
    assertThat(ServiceLoader.load(Configurator.class).stream().map(ServiceLoader.Provider::type))
        .contains(ConsoleLogging.class);
  }
}
