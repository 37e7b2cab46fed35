package io.kxm.cli;

import io.kxm.core.Version;
import picocli.CommandLine;

/** {@code kxm --version}: the product and the Java it runs on. */
public final class VersionProvider implements CommandLine.IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {
      "kxm " + Version.current(),
      "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
