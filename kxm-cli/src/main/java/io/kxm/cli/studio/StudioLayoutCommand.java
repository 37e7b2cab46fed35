package io.kxm.cli.studio;

import io.kxm.cli.CliContext;
import io.kxm.cli.run.ProjectRoot;
import io.kxm.core.json.Json;
import io.kxm.runtime.studio.StudioLayout;
import io.kxm.runtime.studio.StudioWorkflows;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kxm studio layout <workflow>}: the layout of one workflow, as text or JSON. */
@Command(
    name = "layout",
    mixinStandardHelpOptions = true,
    description = {
      "Lay out a workflow as a DAG (layered, with edges), a stepper (its steps in order) and",
      "swimlanes (its steps by agent, operator or gate). Runtime workflows are read from",
      ".kxm/workflows/ of this project (the Git top level, else this folder), checked like",
      "'kxm config validate' does; hub webhook workflows from KXM_WORKFLOWS_DIR, else",
      ".kxm/webhooks/. The JSON shape is described in docs/studio.md."
    })
public final class StudioLayoutCommand implements Callable<Integer> {
  private static final List<String> VIEWS = List.of("dag", "stepper", "swimlane");

  private final CliContext context;

  @Spec CommandSpec spec;

  @Parameters(index = "0", description = "The workflow ID.")
  String workflow;

  @Option(
      names = "--view",
      paramLabel = "VIEW",
      description = "Only this view: dag, stepper or swimlane (default: all three).")
  String view;

  @Option(names = "--json", description = "Print the layout as JSON (docs/studio.md).")
  boolean json;

  public StudioLayoutCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (view != null && !VIEWS.contains(view)) {
      throw new ParameterException(
          spec.commandLine(),
          "--view must be one of " + String.join(", ", VIEWS) + ", not '" + view + "'");
    }
    StudioLayout layout = workflows(context).layout(workflow);
    if (json) {
      context.out().println(Json.write(view == null ? layout : only(layout, view)));
    } else {
      StudioText.print(context.out(), layout, view);
    }
    context.out().flush();
    return 0;
  }

  /** Where this command and the others that read workflows for Studio find them. */
  public static StudioWorkflows workflows(CliContext context) {
    Path root = ProjectRoot.of(context);
    String dir = context.env().get("KXM_WORKFLOWS_DIR");
    Path hub =
        dir != null && !dir.isBlank() ? Path.of(dir) : root.resolve(".kxm").resolve("webhooks");
    return new StudioWorkflows(root, hub);
  }

  private static Map<String, Object> only(StudioLayout layout, String view) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("workflow", layout.workflow());
    out.put("source", layout.source());
    switch (view) {
      case "dag" -> out.put("dag", layout.dag());
      case "stepper" -> out.put("stepper", layout.stepper());
      default -> out.put("swimlane", layout.swimlane());
    }
    return out;
  }
}
