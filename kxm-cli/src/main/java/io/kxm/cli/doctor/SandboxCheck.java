package io.kxm.cli.doctor;

import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether gates and harness turns that ask for the sandbox can run here, found the way the runtime
 * finds it ({@link Sandbox#status()}: {@code KXM_SANDBOX_BWRAP} or bwrap on PATH, proven by running
 * it once), and whether a sandboxed harness can reach its model provider (socat). Without it such a
 * step is refused with {@code sandbox_unavailable}, never run unwrapped: a warning, since a project
 * whose gates never ask for it is unaffected.
 */
final class SandboxCheck implements DoctorCheck {
  @Override
  public String name() {
    return "sandbox";
  }

  @Override
  public List<Finding> run(DoctorScope scope) {
    SandboxStatus status = Sandbox.of(scope.env()).status();
    List<Finding> findings = new ArrayList<>();
    if (status.available()) {
      findings.add(Finding.ok(name(), "sandbox_available", status.detail()));
    } else {
      findings.add(
          Finding.warn(
              name(),
              "sandbox_unavailable",
              "steps that ask for the sandbox will be refused: " + status.detail(),
              "apt-get install bubblewrap (or set "
                  + Sandbox.BWRAP_SETTING
                  + " to a working bwrap), then kxm runtime status"));
    }
    SandboxStatus.Network network = status.network();
    if (network != null && !network.available()) {
      findings.add(
          Finding.warn(
              name(),
              "sandbox_network_unavailable",
              "a sandboxed harness cannot reach its model provider: " + network.detail(),
              "apt-get install socat (or set " + Sandbox.SOCAT_SETTING + " to its path)"));
    } else if (network != null) {
      findings.add(Finding.ok(name(), "sandbox_network_available", network.detail()));
    }
    return findings;
  }
}
