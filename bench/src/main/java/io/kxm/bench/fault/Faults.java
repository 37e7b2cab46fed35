package io.kxm.bench.fault;

import java.util.List;

/** Every fault the suite knows, in the order they run. */
final class Faults {
  private Faults() {}

  static List<Fault> all() {
    return List.of(
        new HubKillFault(),
        new SupervisorKillFault(),
        new PostgresRestartFault(),
        new RedisRestartFault(),
        new DiskFullFault(),
        new ResumeStormFault(),
        new SlowSubscriberFault(),
        new BuiltinApprovalKillFault(),
        new ForgedFanoutFault(),
        new LiveStepKillFault(),
        new McpPushKillFault(),
        new OpsStreamKillFault(),
        new BackupUnderLoadFault(),
        new RuntimePostgresRestartFault(),
        new RuntimeInstanceKillFault(),
        new ReservationKillFault(),
        new A2aKillFault(),
        new McpListenKillFault());
  }
}
