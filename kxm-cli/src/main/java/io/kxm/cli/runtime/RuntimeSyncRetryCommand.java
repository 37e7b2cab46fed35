package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Outbox.OutboxCounts;
import io.kxm.runtime.sync.ProjectOutboxes;
import io.kxm.runtime.sync.ProjectOutboxes.ProjectOutbox;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kxm runtime sync-retry}: offers every outbox row the hub refused for good to the hub
 * again, for example after the cause named in the refusal was fixed. The pusher sends them on its
 * next round; a row the hub refuses again is parked again.
 */
@Command(
    name = "sync-retry",
    mixinStandardHelpOptions = true,
    description = {
      "Offer parked sync rows to the hub again, in every project or one.",
      "Exit code 0 when done (also when nothing was parked), 1 when refused."
    })
public final class RuntimeSyncRetryCommand implements Callable<Integer> {
  private final CliContext context;
  private final Function<CliContext, ProjectOutboxes> outboxes;

  @Option(names = "--json", description = "Print what was re-offered as one JSON object.")
  boolean json;

  @Option(
      names = "--project",
      paramLabel = "KEY",
      description = "Only the project with this runtime key (24 hex characters).")
  String project;

  /** Over the event stores and the session store of this machine's state root. */
  public RuntimeSyncRetryCommand(CliContext context) {
    this(context, c -> MachineOutboxes.open(c.statePaths(), c.env()));
  }

  /**
   * @param outboxes opens the projects' outboxes; closed after use when it is {@link AutoCloseable}
   */
  public RuntimeSyncRetryCommand(
      CliContext context, Function<CliContext, ProjectOutboxes> outboxes) {
    this.context = context;
    this.outboxes = outboxes;
  }

  @Override
  public Integer call() throws Exception {
    ProjectOutboxes opened = outboxes.apply(context);
    try {
      List<ProjectOutbox> chosen =
          opened.all().stream()
              .filter(o -> project == null || o.projectKey().equals(project))
              .toList();
      if (project != null && chosen.isEmpty()) {
        throw new KxmException(
            ErrorCode.NOT_FOUND,
            "no runtime project with key " + project + " on this machine",
            "Leave out --project to retry every project.");
      }
      List<Map<String, Object>> projects = new ArrayList<>();
      int total = 0;
      for (ProjectOutbox o : chosen) {
        int offered = o.outbox().unpark();
        total += offered;
        OutboxCounts counts = o.outbox().counts();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("project", o.projectKey());
        row.put("outbox", o.kind());
        row.put("reoffered", offered);
        row.put("pending", counts.pending());
        row.put("acknowledged", counts.acknowledged());
        row.put("parked", counts.parked());
        projects.add(row);
      }
      print(projects, total);
      return 0;
    } finally {
      if (opened instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }

  private void print(List<Map<String, Object>> projects, int total) {
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("reoffered", total);
      out.put("projects", projects);
      context.out().println(Json.write(out));
      return;
    }
    if (projects.isEmpty()) {
      context.out().println("sync-retry: no runtime projects on this machine");
      return;
    }
    for (Map<String, Object> p : projects) {
      context
          .out()
          .println(
              p.get("project")
                  + " ("
                  + p.get("outbox").toString().replace('_', ' ')
                  + "): "
                  + p.get("reoffered")
                  + " re-offered, "
                  + p.get("pending")
                  + " pending, "
                  + p.get("acknowledged")
                  + " synced");
    }
    context.out().println("sync-retry: " + total + " rows offered to the hub again");
  }
}
