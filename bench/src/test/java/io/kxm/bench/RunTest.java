package io.kxm.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RunTest {
  /** A measure that only counts how often it is closed. */
  private static Measure counting(AtomicInteger closes) {
    return new Measure() {
      @Override
      public String what() {
        return "counts its closes";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("x/s"));
      }

      @Override
      public double[] once(Run run) {
        return new double[] {1};
      }

      @Override
      public void close() {
        closes.incrementAndGet();
      }
    };
  }

  @Test
  void a_run_stopped_before_its_measures_finish_closes_them() throws Exception {
    AtomicInteger closes = new AtomicInteger();
    Run run = new Run(true);
    Trial.of("counting", counting(closes)).setup(run);

    run.close(); // what the shutdown hook does on a kill

    assertThat(closes).hasValue(1);
  }

  @Test
  void a_measure_closed_at_its_end_is_not_closed_again_when_the_run_stops() throws Exception {
    AtomicInteger closes = new AtomicInteger();
    Run run = new Run(true);
    Trial trial = Trial.of("counting", counting(closes));
    trial.setup(run);
    trial.prepare(run);
    trial.repeat(run);

    trial.finish();
    run.close();

    assertThat(closes).hasValue(1);
  }
}
