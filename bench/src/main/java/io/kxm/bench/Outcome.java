package io.kxm.bench;

import java.util.List;

/** What measuring one baseline or one product side came to. */
public sealed interface Outcome {
  String name();

  String what();

  record Measured(String name, String what, List<Figure> figures) implements Outcome {
    public Figure figure(String metric) {
      return figures.stream()
          .filter(f -> f.metric().name().equals(metric))
          .findFirst()
          .orElseThrow(() -> new IllegalArgumentException(name + " has no metric named " + metric));
    }
  }

  record Skipped(String name, String what, String notice) implements Outcome {}

  record Failed(String name, String what, String error) implements Outcome {}
}
