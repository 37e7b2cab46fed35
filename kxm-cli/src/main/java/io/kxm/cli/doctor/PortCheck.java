package io.kxm.cli.doctor;

import io.kxm.cli.hub.HubProcessFile;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.core.secret.Redactor;
import io.kxm.hub.HubConfig;
import io.kxm.supervisor.SupervisorRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The hub's configured port ({@code KXM_PORT}, {@code KXM_HOST}) and the supervisor's (the port its
 * registry row names): free, held by the KXM process meant to hold it, by another KXM hub, or by a
 * stranger that would make {@code kxm hub start} fail.
 */
final class PortCheck implements DoctorCheck {
  @Override
  public String name() {
    return "ports";
  }

  @Override
  public List<Finding> run(DoctorScope scope) throws InterruptedException {
    List<Finding> findings = new ArrayList<>();
    findings.add(hubPort(scope));
    findings.add(supervisorPort(scope));
    return findings;
  }

  private Finding hubPort(DoctorScope scope) throws InterruptedException {
    HubConfig config = HubConfig.fromEnvironment(scope.env(), scope.project().root());
    int port = config.port();
    if (port == 0) {
      return Finding.ok(name(), "hub_port_auto", "KXM_PORT=0: the hub picks a free port");
    }
    String host = connectHost(config.host());
    Optional<HubProcessFile> claim =
        HubProcessFile.read(scope.project().hubPidFile()).filter(HubProcessFile::processAlive);
    PortHolders.Holder holder = PortHolders.of(host, port);
    if (!holder.listening()) {
      return Finding.ok(
          name(),
          "hub_port_free",
          "port " + port + " on " + config.host() + " is free for the hub");
    }
    if (claim.isPresent()
        && claim.get().port() == port
        && holder.pid().map(pid -> pid == claim.get().pid()).orElse(true)) {
      return Finding.ok(
          name(),
          "hub_port_this_hub",
          "port " + port + " is held by this project's hub (pid " + claim.get().pid() + ")");
    }
    String who = holder.pid().map(pid -> "pid " + pid + describe(holder)).orElse("a process");
    // A KXM hub is told by its answer, not by its command line: any program can be named kxm.
    boolean kxm =
        HubHealth.ask("http://" + hostForm(host) + ":" + port, scope.clock())
            .map(HubHealth::kxmHub)
            .orElse(false);
    String stop = holder.pid().map(pid -> "kill " + pid).orElse("stop the process on the port");
    if (kxm) {
      return Finding.error(
          name(),
          "hub_port_held_by_kxm",
          "port "
              + port
              + " is held by another KXM hub ("
              + who
              + "), not this project's: kxm hub start here would fail",
          "run kxm hub stop in the folder that hub serves (or " + stop + "), or set KXM_PORT");
    }
    return Finding.error(
        name(),
        "hub_port_held_by_other",
        "port "
            + port
            + " is held by "
            + who
            + ", which is not a KXM hub: kxm hub start would fail",
        holder.pid().isPresent()
            ? stop + ", or set KXM_PORT to a free port"
            : "find it with: ss -ltnp 'sport = :" + port + "', stop it, or set KXM_PORT");
  }

  private Finding supervisorPort(DoctorScope scope) {
    Optional<SupervisorRow> row = RunningSupervisor.row(scope.supervisor());
    if (row.isEmpty() || row.get().state().equals("stopped") || !row.get().processAlive()) {
      return Finding.ok(
          name(),
          "supervisor_not_running",
          "no runtime supervisor runs; kxm runtime start takes a free port");
    }
    SupervisorRow r = row.get();
    if (RunningSupervisor.find(scope.supervisor(), scope.env()).isPresent()) {
      return Finding.ok(
          name(),
          "supervisor_port",
          "the runtime supervisor (pid " + r.pid() + ") answers on " + r.url());
    }
    PortHolders.Holder holder = PortHolders.of(connectHost(r.host()), r.port());
    String port =
        !holder.listening()
            ? "nothing listens on its port " + r.port()
            : holder.pid().filter(pid -> pid != r.pid()).isPresent()
                ? "its port "
                    + r.port()
                    + " is held by pid "
                    + holder.pid().get()
                    + describe(holder)
                : "its port " + r.port() + " does not prove the token";
    return Finding.error(
        name(),
        "supervisor_not_answering",
        "the registry names a supervisor with pid "
            + r.pid()
            + ", which is alive, but "
            + port
            + "; the pid may now belong to another program",
        "check ps -p "
            + r.pid()
            + " -o args; if it is a kxm supervisor, kill "
            + r.pid()
            + ", then kxm runtime start");
  }

  private static String describe(PortHolders.Holder holder) {
    return holder
        .commandLine()
        .map(Redactor::redact)
        .map(c -> ": " + (c.length() > 120 ? c.substring(0, 120) + "…" : c))
        .orElse("");
  }

  /** Where to connect to reach a server bound to {@code host}: a wildcard bind answers locally. */
  private static String connectHost(String host) {
    return host.equals("0.0.0.0") ? "127.0.0.1" : host.equals("::") ? "::1" : host;
  }

  private static String hostForm(String host) {
    return host.contains(":") ? "[" + host + "]" : host;
  }
}
