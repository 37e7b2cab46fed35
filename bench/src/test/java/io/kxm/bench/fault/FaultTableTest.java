package io.kxm.bench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.bench.fault.FaultResult.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultTableTest {
  private static final Fault ONE =
      new Fault() {
        @Override
        public int number() {
          return 1;
        }

        @Override
        public String title() {
          return "a fault";
        }

        @Override
        public void run(Stage stage, Findings findings) {}
      };

  @Test
  void a_failed_check_fails_the_findings_and_a_note_never_does() {
    Findings findings = new Findings();
    findings.note("figures only");
    findings.check(true, "acknowledged 10, present 10");
    assertThat(findings.allPassed()).isTrue();
    findings.check(false, "acknowledged 10, present 9");
    assertThat(findings.allPassed()).isFalse();
    assertThat(findings.firstFailure()).isEqualTo("acknowledged 10, present 9");
  }

  @Test
  void the_block_marks_each_check_and_the_summary_counts_passed_failed_and_not_run() {
    Findings findings = new Findings();
    findings.check(true, "acknowledged 48,113, present 48,113, duplicates 0");
    findings.check(false, "gaps 2");
    FaultResult failed = new FaultResult(ONE, Status.FAILED, findings.checks(), "gaps 2", 1.25);
    FaultResult passed = new FaultResult(ONE, Status.PASSED, List.of(), null, 2);
    FaultResult notRun = new FaultResult(ONE, Status.NOT_RUN, List.of(), "cannot mount", 0);

    assertThat(FaultTable.block(failed))
        .contains("fault 1: a fault: FAILED (1.3 s)")
        .contains("ok   acknowledged 48,113, present 48,113, duplicates 0")
        .contains("FAIL gaps 2")
        .contains("failure: gaps 2");
    assertThat(FaultTable.block(notRun)).contains("not run").contains("why: cannot mount");
    assertThat(FaultTable.markdown(List.of(failed))).contains("| 1 | a fault | FAILED | 1 of 2 |");
    assertThat(FaultTable.summary(List.of(passed, failed, notRun)))
        .isEqualTo("1 passed, 1 failed, 1 not run");
    assertThat(FaultTable.summary(List.of(passed))).isEqualTo("1 passed, 0 failed");
  }
}
