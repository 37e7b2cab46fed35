package io.kxm.bench.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FaultOptionsTest {

  @Test
  void no_option_runs_every_fault() {
    assertThat(FaultOptions.parse(new String[0])).isEqualTo(new FaultOptions(0, false, false));
  }

  @Test
  void only_takes_a_fault_number_and_list_and_help_are_flags() {
    assertThat(FaultOptions.parse(new String[] {"--only", "4"}).only()).isEqualTo(4);
    assertThat(FaultOptions.parse(new String[] {"--list"}).list()).isTrue();
    assertThat(FaultOptions.parse(new String[] {"--help"}).help()).isTrue();
  }

  @Test
  void a_missing_or_non_numeric_fault_number_and_unknown_options_are_usage_errors() {
    assertThatThrownBy(() -> FaultOptions.parse(new String[] {"--only"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fault number");
    assertThatThrownBy(() -> FaultOptions.parse(new String[] {"--only", "x"}))
        .hasMessageContaining("'x'");
    assertThatThrownBy(() -> FaultOptions.parse(new String[] {"--only", "0"}))
        .hasMessageContaining("'0'");
    assertThatThrownBy(() -> FaultOptions.parse(new String[] {"--quick"}))
        .hasMessageContaining("unknown option --quick");
  }

  @Test
  void the_faults_are_numbered_from_one_in_order() {
    assertThat(Faults.all())
        .extracting(Fault::number)
        .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18);
  }
}
