package io.kxm.cli.hub;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --host} and {@code --port}, shared by {@code kxm hub start} and {@code kxm up}. */
public final class BindOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--host",
      paramLabel = "ADDRESS",
      description = "Address to bind (default: KXM_HOST, else 127.0.0.1).")
  String host;

  private Integer port;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "Port to listen on, 0 for any free port (default: KXM_PORT, else 7331).")
  void setPort(int value) {
    if (value < 0 || value > 65535) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--port must be between 0 and 65535, got " + value);
    }
    port = value;
  }

  public Integer port() {
    return port;
  }

  public String host() {
    if (host != null && host.isBlank()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--host must not be empty");
    }
    return host;
  }
}
