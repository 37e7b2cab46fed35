package io.kxm.cli.doctor;

import io.kxm.core.settings.EnvSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JDK {@code kxm} runs on, and whether {@code JAVA_HOME} passes the launcher's rules ({@code
 * .mvn/find-jdk.sh}: {@code bin/java} and {@code bin/javac} executable, feature version 21 or
 * newer). A {@code JAVA_HOME} that fails them is skipped by the launcher, which then takes {@code
 * java} on {@code PATH} or the newest JDK under {@code /usr/lib/jvm}: worth knowing when the build
 * picks a JDK the user did not expect.
 */
final class JdkCheck implements DoctorCheck {
  static final int MINIMUM = 21;
  private static final Pattern RELEASE_VERSION =
      Pattern.compile("(?m)^JAVA_VERSION=\"([0-9]+)[^\"]*\"");

  @Override
  public String name() {
    return "jdk";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    List<Finding> findings = new ArrayList<>();
    Runtime.Version running = Runtime.version();
    Path home = Path.of(System.getProperty("java.home"));
    if (running.feature() < MINIMUM) {
      findings.add(
          Finding.error(
              name(),
              "jdk_too_old",
              "kxm runs on Java " + running + " at " + home + "; it needs " + MINIMUM + " or newer",
              "install a JDK " + MINIMUM + "+ (apt-get install openjdk-21-jdk) and set JAVA_HOME"));
    } else {
      findings.add(
          Finding.ok(name(), "jdk_found", "Java " + running + " at " + home + " runs kxm"));
    }
    String javaHome = EnvSettings.of(scope.env()).string("JAVA_HOME");
    if (javaHome != null) {
      String problem = launcherRefusal(Path.of(javaHome));
      if (problem != null) {
        findings.add(
            Finding.warn(
                name(),
                "java_home_unusable",
                "JAVA_HOME="
                    + javaHome
                    + " "
                    + problem
                    + ", so the kxm launcher and ./mvnw skip it and look on PATH, then /usr/lib/jvm",
                "export JAVA_HOME=" + home + " (or unset JAVA_HOME)"));
      }
    }
    return findings;
  }

  /** Why the launcher would skip {@code home}, or null when it would take it. */
  static String launcherRefusal(Path home) {
    if (!Files.isExecutable(home.resolve("bin/java"))) {
      return "has no executable bin/java";
    }
    if (!Files.isExecutable(home.resolve("bin/javac"))) {
      return "has no bin/javac (a runtime, not a JDK)";
    }
    OptionalInt feature = releaseFeature(home);
    if (feature.isPresent() && feature.getAsInt() < MINIMUM) {
      return "is Java " + feature.getAsInt() + ", older than " + MINIMUM;
    }
    return null;
  }

  private static OptionalInt releaseFeature(Path home) {
    try {
      Matcher m = RELEASE_VERSION.matcher(Files.readString(home.resolve("release")));
      return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    } catch (IOException | NumberFormatException e) {
      // No release file: the launcher then asks the binary itself, which this check does not
      // start; the running JVM's own version is reported above.
      return OptionalInt.empty();
    }
  }
}
