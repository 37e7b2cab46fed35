package io.kxm.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FigureTest {

  @Test
  void the_median_of_an_odd_count_is_the_middle_value() {
    Figure f = Figure.of(Metric.rate("msgs/s"), new double[] {300, 100, 200});
    assertThat(f.median()).isEqualTo(200);
    assertThat(f.min()).isEqualTo(100);
    assertThat(f.max()).isEqualTo(300);
    assertThat(f.reps()).isEqualTo(3);
  }

  @Test
  void the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
    assertThat(Figure.of(Metric.rate("x/s"), new double[] {4, 1, 3, 2}).median()).isEqualTo(2.5);
  }

  @Test
  void text_shows_the_median_with_min_and_max_and_names_a_metric_that_is_not_its_unit() {
    assertThat(Figure.of(Metric.rate("commits/s"), new double[] {11900, 12345, 12800}).text())
        .isEqualTo("12,345 commits/s (11,900–12,800)");
    assertThat(Figure.of(Metric.millis("p99"), new double[] {3.1, 2.5, 4}).text())
        .isEqualTo("p99 3.10 ms (2.50–4.00)");
  }

  @Test
  void a_target_reads_up_for_rates_and_down_for_latencies() {
    assertThat(Target.atLeast(1.0).met(1.2)).isTrue();
    assertThat(Target.atLeast(1.0).met(0.8)).isFalse();
    assertThat(Target.atMost(3.0).met(2.0)).isTrue();
    assertThat(Target.atMost(3.0).toString()).isEqualTo("≤ 3.0×");
    assertThat(Target.atLeast(0.5).toString()).isEqualTo("≥ 0.5");
  }
}
