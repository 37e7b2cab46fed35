package io.kxm.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The product version Maven wrote into the build. */
public final class Version {
  private static final String VALUE = load();

  private Version() {}

  public static String current() {
    return VALUE;
  }

  private static String load() {
    Properties props = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        props.load(in);
      }
    } catch (IOException e) {
      return "unknown";
    }
    return props.getProperty("version", "unknown");
  }
}
