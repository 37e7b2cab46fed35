package io.kxm.runtime.studio;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.definition.DefinitionLoader;
import io.kxm.core.workflow.definition.WorkflowDefinitions;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.config.BundleLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Finds a workflow by ID among a project's runtime workflows (its working tree's {@code .kxm/},
 * read through {@link BundleLoader}, so a tree a review would refuse is refused here too) and the
 * hub's webhook workflow definitions, and lays it out. A runtime workflow wins when both have the
 * ID.
 */
public final class StudioWorkflows {
  private final Path projectRoot;
  private final Path hubDefinitions;

  /**
   * @param projectRoot the project whose {@code .kxm/workflows/} holds runtime workflows
   * @param hubDefinitions the folder of hub webhook definitions ({@code KXM_WORKFLOWS_DIR}, else
   *     {@code .kxm/webhooks/})
   */
  public StudioWorkflows(Path projectRoot, Path hubDefinitions) {
    this.projectRoot = projectRoot.toAbsolutePath().normalize();
    this.hubDefinitions = hubDefinitions.toAbsolutePath().normalize();
  }

  /**
   * The layout of {@code workflow}.
   *
   * @throws KxmException {@code config_tree_invalid} when the project's {@code .kxm/} does not
   *     validate, {@code workflow_definition_invalid} when a hub definition does not, {@code
   *     studio_workflow_not_found} listing the known IDs when neither has the workflow
   */
  public StudioLayout layout(String workflow) {
    Optional<ProjectBundle> bundle = runtime();
    Optional<ProjectBundle.Workflow> runtime = bundle.flatMap(b -> b.workflow(workflow));
    if (runtime.isPresent()) {
      return RuntimeWorkflowLayout.of(bundle.orElseThrow(), runtime.orElseThrow());
    }
    WorkflowDefinitions hub = DefinitionLoader.load(hubDefinitions);
    Optional<WorkflowDefinitions.Loaded> definition = hub.find(workflow);
    if (definition.isPresent()) {
      return HubWorkflowLayout.of(definition.orElseThrow().definition());
    }
    TreeSet<String> known = new TreeSet<>();
    bundle.ifPresent(b -> known.addAll(b.workflows().keySet()));
    hub.all().forEach(l -> known.add(l.definition().id()));
    throw new KxmException(
        ErrorCode.STUDIO_WORKFLOW_NOT_FOUND,
        "no workflow '"
            + workflow
            + "' in "
            + projectRoot.resolve(".kxm").resolve("workflows")
            + " or "
            + hubDefinitions
            + (known.isEmpty() ? "; there are none" : "; known: " + String.join(", ", known)));
  }

  /** The IDs of every workflow, runtime ones first, each group sorted. */
  public List<String> known() {
    TreeSet<String> runtime = new TreeSet<>();
    runtime().ifPresent(b -> runtime.addAll(b.workflows().keySet()));
    TreeSet<String> hub = new TreeSet<>();
    DefinitionLoader.load(hubDefinitions).all().forEach(l -> hub.add(l.definition().id()));
    hub.removeAll(runtime);
    return java.util.stream.Stream.concat(runtime.stream(), hub.stream()).toList();
  }

  // A project with webhook definitions only has a .kxm/ without project.yaml or workflows/:
  // it has no runtime workflows rather than an invalid tree.
  private Optional<ProjectBundle> runtime() {
    Path kxm = projectRoot.resolve(".kxm");
    if (!Files.exists(kxm.resolve("project.yaml"), java.nio.file.LinkOption.NOFOLLOW_LINKS)
        && !Files.exists(kxm.resolve("workflows"), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    return Optional.of(BundleLoader.load(projectRoot));
  }
}
