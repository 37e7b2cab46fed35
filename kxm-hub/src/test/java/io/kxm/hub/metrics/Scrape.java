package io.kxm.hub.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One Prometheus text scrape, read into series (name and labels as written) and their values. */
record Scrape(Map<String, Double> series) {
  private static final Pattern LINE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{.*})? (\\S+)$");

  static Scrape of(String text) {
    Map<String, Double> series = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        series.put(
            m.group(1) + (m.group(2) == null ? "" : m.group(2)), Double.parseDouble(m.group(3)));
      }
    }
    return new Scrape(series);
  }

  /** The value of {@code name{labels}}; fails when the series is absent. */
  double value(String nameAndLabels) {
    Double value = series.get(nameAndLabels);
    if (value == null) {
      throw new AssertionError(
          "no series " + nameAndLabels + " in the scrape; kxm series: " + kxmSeries());
    }
    return value;
  }

  /** Metric names (without labels) in the scrape. */
  Set<String> names() {
    Set<String> names = new TreeSet<>();
    series.keySet().forEach(s -> names.add(s.contains("{") ? s.substring(0, s.indexOf('{')) : s));
    return names;
  }

  private Set<String> kxmSeries() {
    Set<String> kxm = new TreeSet<>();
    series.keySet().stream().filter(s -> s.startsWith("kxm_")).forEach(kxm::add);
    return kxm;
  }
}
