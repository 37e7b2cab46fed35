package io.kxm.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The machine a run measured, written beside its figures since ratios only hold on one machine. */
public record Machine(int cores, String cpu, String memory, String jdk, String os) {

  public static Machine describe() {
    Runtime rt = Runtime.getRuntime();
    String jdk =
        System.getProperty("java.vendor", "?")
            + " "
            + System.getProperty("java.runtime.version", System.getProperty("java.version"));
    String os =
        field(Path.of("/etc/os-release"), "PRETTY_NAME=", System.getProperty("os.name"))
                .replace("\"", "")
            + ", kernel "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch");
    String memKb = field(Path.of("/proc/meminfo"), "MemTotal:", "").replaceAll("[^0-9]", "");
    String memory =
        memKb.isEmpty()
            ? "unknown"
            : String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(memKb) / 1024.0 / 1024.0);
    String cpu =
        field(Path.of("/proc/cpuinfo"), "model name", "unknown").replaceFirst("^\\s*:\\s*", "");
    return new Machine(rt.availableProcessors(), cpu, memory, jdk, os);
  }

  public String line() {
    return cores + " cores (" + cpu + "), " + memory + " memory, " + jdk + ", " + os;
  }

  private static String field(Path file, String prefix, String fallback) {
    try {
      List<String> lines = Files.readAllLines(file);
      for (String l : lines) {
        if (l.startsWith(prefix)) {
          return l.substring(prefix.length()).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or not readable: the report says unknown rather than failing the run.
    }
    return fallback;
  }
}
