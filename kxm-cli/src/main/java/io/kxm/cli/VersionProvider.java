package io.kxm.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** Reads the version Maven wrote into the jar. */
public final class VersionProvider implements CommandLine.IVersionProvider {

  public static String version() {
    Properties props = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        props.load(in);
      }
    } catch (IOException e) {
      return "unknown";
    }
    return props.getProperty("version", "unknown");
  }

  @Override
  public String[] getVersion() {
    return new String[] {
      "kxm " + version(),
      "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
