package io.kxm.cli;

import picocli.CommandLine;

/** Hands the {@link CliContext} to every command that takes it in its constructor. */
final class ContextFactory implements CommandLine.IFactory {
  private final CliContext context;
  private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

  ContextFactory(CliContext context) {
    this.context = context;
  }

  @Override
  public <K> K create(Class<K> type) throws Exception {
    try {
      return type.getDeclaredConstructor(CliContext.class).newInstance(context);
    } catch (NoSuchMethodException e) {
      return fallback.create(type);
    }
  }
}
