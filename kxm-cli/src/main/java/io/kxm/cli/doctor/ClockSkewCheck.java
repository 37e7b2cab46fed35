package io.kxm.cli.doctor;

import io.kxm.cli.hub.HubProcessFile;
import io.kxm.core.error.KxmException;
import io.kxm.core.settings.EnvSettings;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.sync.HubBinding;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * This machine's clock against the hubs it works with: this project's running hub and the hub its
 * runtime is bound to (which may be another machine). Leases, token expiry and message deadlines
 * compare instants across machines, so a skewed clock expires work early or keeps it too long. The
 * hub's {@code Date} header has whole seconds, so a second and half the round trip are allowed for
 * before the threshold ({@code KXM_DOCTOR_SKEW_WARN_MS}) counts.
 */
final class ClockSkewCheck implements DoctorCheck {
  static final String SETTING = "KXM_DOCTOR_SKEW_WARN_MS";
  static final Duration DEFAULT_THRESHOLD = Duration.ofSeconds(5);
  private static final Duration DATE_RESOLUTION = Duration.ofSeconds(1);

  @Override
  public String name() {
    return "clock";
  }

  @Override
  public List<Finding> run(DoctorScope scope) throws InterruptedException {
    Duration threshold =
        EnvSettings.of(scope.env())
            .millis(SETTING, DEFAULT_THRESHOLD, Duration.ZERO, Duration.ofDays(1));
    Set<String> hubs = new LinkedHashSet<>();
    HubProcessFile.read(scope.project().hubPidFile())
        .filter(HubProcessFile::processAlive)
        .ifPresent(claim -> hubs.add(claim.url()));
    boundHub(scope).ifPresent(hubs::add);
    List<Finding> findings = new ArrayList<>();
    for (String url : hubs) {
      Optional<HubHealth> health = HubHealth.ask(url, scope.clock());
      if (health.isEmpty() || health.get().serverDate().isEmpty()) {
        continue;
      }
      HubHealth h = health.get();
      Duration roundTrip = Duration.between(h.sentAt(), h.receivedAt()).abs();
      Instant local = h.sentAt().plus(roundTrip.dividedBy(2));
      Duration skew = Duration.between(h.serverDate().get(), local);
      Duration beyondDoubt = skew.abs().minus(DATE_RESOLUTION).minus(roundTrip.dividedBy(2));
      String ahead = skew.isNegative() ? "behind" : "ahead of";
      if (beyondDoubt.compareTo(threshold) > 0) {
        findings.add(
            Finding.warn(
                name(),
                "clock_skew",
                "this machine's clock is about "
                    + skew.abs().toMillis()
                    + " ms "
                    + ahead
                    + " the hub at "
                    + url
                    + " (more than "
                    + threshold.toMillis()
                    + " ms)",
                "sync the clocks with NTP on both machines: timedatectl set-ntp true"));
      } else {
        findings.add(
            Finding.ok(
                name(),
                "clock_ok",
                "this machine's clock is within "
                    + threshold.toMillis()
                    + " ms of the hub at "
                    + url));
      }
    }
    if (findings.isEmpty()) {
      findings.add(
          Finding.ok(name(), "clock_no_hub", "no running hub answers to compare the clock with"));
    }
    return findings;
  }

  /** The hub this project's runtime is bound to, when it is bound and the binding reads. */
  private static Optional<String> boundHub(DoctorScope scope) {
    try {
      String key = ProjectKeys.key(ProjectKeys.canonical(scope.project().root()));
      return HubBinding.load(scope.state(), key).map(binding -> binding.url().toString());
    } catch (KxmException | IllegalArgumentException e) {
      // an unreadable or foreign binding is reported by kxm runtime status, not here
      return Optional.empty();
    }
  }
}
