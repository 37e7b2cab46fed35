package io.kxm.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SuiteTest {

  /** Returns the given values in turn, one per repetition. */
  private static Measure fixed(String what, Metric metric, double... values) {
    return new Measure() {
      int rep;

      @Override
      public String what() {
        return what;
      }

      @Override
      public List<Metric> metrics() {
        return List.of(metric);
      }

      @Override
      public double[] once(Run run) {
        return new double[] {values[rep++ % values.length]};
      }
    };
  }

  private static Scenario sendScenario() {
    return new Scenario() {
      @Override
      public String name() {
        return "send";
      }

      @Override
      public String title() {
        return "durable send";
      }

      @Override
      public Measure product() {
        return fixed("hub send", Metric.rate("msgs/s"), 200, 220, 180);
      }

      @Override
      public List<Comparison> comparisons() {
        return List.of(new Comparison("msgs/s", "commits", "commits/s", Target.atLeast(1.0)));
      }
    };
  }

  private final List<Registry.Entry> baselines =
      List.of(
          new Registry.Entry("commits", () -> fixed("raw commits", Metric.rate("commits/s"), 100)),
          new Registry.Entry("alone", () -> fixed("raw alone", Metric.millis("wall"), 5, 7, 6)),
          new Registry.Entry(
              "absent",
              () ->
                  new Measure() {
                    @Override
                    public String what() {
                      return "needs a service";
                    }

                    @Override
                    public List<Metric> metrics() {
                      return List.of(Metric.rate("x/s"));
                    }

                    @Override
                    public void prepare(Run run) throws Skip {
                      throw new Skip("service is not answering");
                    }

                    @Override
                    public double[] once(Run run) {
                      throw new AssertionError("a skipped measure does not run");
                    }
                  }));

  @Test
  void a_wired_scenario_is_paired_with_its_baseline_and_the_others_stand_alone() throws Exception {
    try (Run run = new Run(true)) {
      Report report = new Suite(baselines, List.of(sendScenario())).run(run, null);

      assertThat(report.rows()).hasSize(2);
      Row send = report.rows().get(0);
      assertThat(send.scenario()).isEqualTo("durable send");
      assertThat(send.product().median()).isEqualTo(200);
      assertThat(send.ratio()).isEqualTo(2.0);
      assertThat(send.target().met(send.ratio())).isTrue();
      Row alone = report.rows().get(1);
      assertThat(alone.scenario()).isEqualTo("alone");
      assertThat(alone.compared()).isFalse();
      assertThat(alone.baseline().median()).isEqualTo(6);
      assertThat(report.notices()).containsExactly("skipped absent: service is not answering");
      assertThat(report.failed()).isFalse();
      assertThat(Table.markdown(report))
          .contains(
              "| durable send | raw commits: 100 commits/s (100–100) | 200 msgs/s (180–220) | 2.00 (met) | ≥ 1.0 |")
          .contains("| alone | raw alone: wall 6.00 ms (5.00–7.00) |  |  |  |");
    }
  }

  @Test
  void a_scenario_without_baselines_reports_each_figure_on_its_own_row() throws Exception {
    Scenario memory =
        new Scenario() {
          @Override
          public String name() {
            return "memory";
          }

          @Override
          public String title() {
            return "idle memory";
          }

          @Override
          public Measure product() {
            return fixed("resident memory", new Metric("RSS", "MiB", Metric.Better.LOWER), 90);
          }

          @Override
          public List<Comparison> comparisons() {
            return List.of();
          }
        };
    try (Run run = new Run(true)) {
      Report report = new Suite(baselines, List.of(memory)).run(run, "memory");

      assertThat(report.rows()).hasSize(1);
      Row row = report.rows().get(0);
      assertThat(row.compared()).isFalse();
      assertThat(row.baseline()).isNull();
      assertThat(row.product().median()).isEqualTo(90);
      assertThat(Table.markdown(report))
          .contains("| idle memory | none | RSS 90.0 MiB (90.0–90.0) |  |  |");
    }
  }

  @Test
  void only_runs_the_named_scenario_with_its_baselines() throws Exception {
    try (Run run = new Run(true)) {
      Report report = new Suite(baselines, List.of(sendScenario())).run(run, "send");
      assertThat(report.rows()).extracting(Row::scenario).containsExactly("durable send");
      assertThat(report.notices()).isEmpty();
    }
  }

  @Test
  void only_takes_several_names_and_refuses_any_it_does_not_know() throws Exception {
    try (Run run = new Run(true)) {
      Suite suite = new Suite(baselines, List.of(sendScenario()));
      Report report = suite.run(run, "send,alone");
      assertThat(report.rows()).extracting(Row::scenario).containsExactly("durable send", "alone");
      assertThatThrownBy(() -> suite.run(run, "send,nope"))
          .hasMessageStartingWith("no scenario or baseline is named nope;");
    }
  }

  @Test
  void an_unknown_name_lists_the_names_there_are() throws Exception {
    try (Run run = new Run(true)) {
      assertThatThrownBy(() -> new Suite(baselines, List.of(sendScenario())).run(run, "nope"))
          .hasMessageContaining("send, commits, alone, absent");
    }
  }

  @Test
  void a_failing_measure_marks_the_report_failed_and_says_why() throws Exception {
    List<Registry.Entry> failing =
        List.of(
            new Registry.Entry(
                "broken",
                () ->
                    new Measure() {
                      @Override
                      public String what() {
                        return "broken";
                      }

                      @Override
                      public List<Metric> metrics() {
                        return List.of(Metric.rate("x/s"));
                      }

                      @Override
                      public double[] once(Run run) {
                        throw new IllegalStateException("server answered 500");
                      }
                    }));
    try (Run run = new Run(true)) {
      Report report = new Suite(failing, List.of()).run(run, null);
      assertThat(report.failed()).isTrue();
      assertThat(report.notices().get(0)).contains("FAILED broken").contains("answered 500");
    }
  }

  @Test
  void setups_all_end_before_the_first_prepare_and_share_one_start_per_key() throws Exception {
    List<String> order = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger starts = new AtomicInteger();
    List<Registry.Entry> staged = new ArrayList<>();
    for (String name : List.of("a", "b", "c")) {
      staged.add(
          new Registry.Entry(
              name,
              () ->
                  new Measure() {
                    @Override
                    public String what() {
                      return name;
                    }

                    @Override
                    public List<Metric> metrics() {
                      return List.of(Metric.rate("x/s"));
                    }

                    @Override
                    public void setup(Run run) throws Exception {
                      if (name.equals("c")) {
                        throw new Skip("c has nothing to set up against");
                      }
                      run.shared(
                          "server",
                          AutoCloseable.class,
                          r -> {
                            starts.incrementAndGet();
                            Thread.sleep(200); // the other setup asks while this one starts
                            return () -> {};
                          });
                      order.add("setup " + name);
                    }

                    @Override
                    public void prepare(Run run) {
                      order.add("prepare " + name);
                    }

                    @Override
                    public double[] once(Run run) {
                      return new double[] {1};
                    }
                  }));
    }
    try (Run run = new Run(true)) {
      Report report = new Suite(staged, List.of()).run(run, null);
      assertThat(starts.get()).isEqualTo(1);
      assertThat(order.subList(0, 2)).containsExactlyInAnyOrder("setup a", "setup b");
      assertThat(order.subList(2, 4)).containsExactly("prepare a", "prepare b");
      assertThat(report.rows()).extracting(Row::scenario).containsExactly("a", "b");
      assertThat(report.notices()).containsExactly("skipped c: c has nothing to set up against");
      assertThat(report.failed()).isFalse();
    }
  }
}
