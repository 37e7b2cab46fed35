package io.kxm.cli.hub.runtime;

import io.javalin.http.Context;
import io.kxm.cli.setup.LineDiff;
import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.paths.AtomicFiles;
import io.kxm.hub.http.JsonBodies;
import io.kxm.runtime.config.CommittedConfig;
import io.kxm.runtime.config.ConfigError;
import io.kxm.runtime.config.ConfigLoader;
import io.kxm.runtime.config.ConfigReport;
import io.kxm.runtime.config.ConfigTree;
import io.kxm.runtime.studio.StudioLayout;
import io.kxm.runtime.studio.StudioWorkflows;
import io.kxm.runtime.trust.TrustChange;
import io.kxm.runtime.trust.TrustEffect;
import io.kxm.runtime.trust.TrustReview;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Studio through the hub, over the hub's project ({@code /v1/runtime/studio/…}): the workflows, one
 * workflow's layout with its YAML, and an edit checked as {@code kxm config validate} checks the
 * tree ({@link ConfigLoader}) with its diff and the verdict of {@code kxm trust diff} ({@link
 * TrustReview}). An edit reaches the working tree only through {@code write}, and only when the
 * whole tree with it validates; nothing is committed or applied to a run.
 */
final class StudioBridge {
  static final int MAX_YAML_CHARS = 256 * 1024;
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,127}");

  private final Path root;
  private final Path hubDefinitions;

  StudioBridge(Path root, Map<String, String> env) {
    this.root = root;
    String dir = env.get("KXM_WORKFLOWS_DIR");
    this.hubDefinitions =
        dir != null && !dir.isBlank() ? Path.of(dir) : root.resolve(".kxm").resolve("webhooks");
  }

  /** {@code {"yaml": "…"}}: the workflow file's new text. */
  record Edit(String yaml) {
    Edit {
      if (yaml == null) {
        throw new KxmException(ErrorCode.INVALID_REQUEST, "yaml is required");
      }
      TextLength.check("yaml", yaml, MAX_YAML_CHARS);
    }
  }

  void list(Context ctx) {
    ObjectNode answer = Json.object().put("projectRoot", root.toString());
    ArrayNode names = answer.putArray("workflows");
    workflows().known().forEach(names::add);
    ctx.json(answer);
  }

  void show(Context ctx) throws IOException {
    String name = name(ctx);
    StudioLayout layout;
    try {
      layout = workflows().layout(name);
    } catch (KxmException e) {
      if (e.code() != ErrorCode.CONFIG_TREE_INVALID) {
        throw e;
      }
      // Over HTTP a tree that does not validate is the caller's to fix, not a server fault.
      throw new KxmException(ErrorCode.STUDIO_CONFIG_INVALID, e.getMessage(), e);
    }
    ObjectNode answer = (ObjectNode) Json.MAPPER.valueToTree(layout);
    answer.put("projectRoot", root.toString());
    Path file = file(name);
    if (layout.source().equals(StudioLayout.RUNTIME) && Files.isRegularFile(file)) {
      answer.put("file", root.relativize(file).toString());
      answer.put("yaml", Files.readString(file));
    }
    ctx.json(answer);
  }

  void check(Context ctx) throws IOException {
    String name = name(ctx);
    Edit edit = JsonBodies.read(ctx, Edit.class);
    ctx.json(review(name, edit).answer());
  }

  void write(Context ctx) throws IOException {
    String name = name(ctx);
    Edit edit = JsonBodies.read(ctx, Edit.class);
    Review review = review(name, edit);
    if (!review.report().valid()) {
      throw new KxmException(
          ErrorCode.STUDIO_CONFIG_INVALID,
          "the edit of "
              + review.relative()
              + " does not validate: "
              + review.report().errors().getFirst(),
          "POST .../check lists every error of the edit; fix them, nothing was written.");
    }
    AtomicFiles.replace(file(name), edit.yaml().getBytes(StandardCharsets.UTF_8));
    ctx.json(
        review
            .answer()
            .put("written", review.relative())
            .put("note", "written to the working tree only: review it, commit it yourself"));
  }

  private record Review(String relative, ConfigReport report, ObjectNode answer) {}

  private Review review(String name, Edit edit) throws IOException {
    Path file = file(name);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new KxmException(
          ErrorCode.STUDIO_WORKFLOW_NOT_FOUND,
          "no runtime workflow file " + root.relativize(file) + " to edit",
          "Studio edits the .kxm/workflows/<id>.yaml files that exist; create one with an editor.");
    }
    String relative = root.relativize(file).toString();
    ConfigTree disk = ConfigTree.fromDisk(root);
    TreeMap<String, ConfigTree.Content> files = new TreeMap<>(disk.files());
    // The tree's keys are relative to .kxm/, as ConfigTree.fromDisk reads them.
    String key = root.resolve(".kxm").relativize(file).toString();
    files.put(key, new ConfigTree.Content(edit.yaml().getBytes(StandardCharsets.UTF_8), false));
    ConfigTree edited = new ConfigTree(files, disk.linked());
    ConfigReport report = ConfigLoader.check(edited);

    ObjectNode answer = Json.object().put("projectRoot", root.toString()).put("file", relative);
    answer.put("valid", report.valid());
    ArrayNode errors = answer.putArray("errors");
    for (ConfigError error : report.errors()) {
      errors
          .addObject()
          .put("file", error.file())
          .put("line", error.line())
          .put("path", error.path())
          .put("rule", error.rule())
          .put("message", error.message());
    }
    answer.put("diff", LineDiff.unified(relative, Files.readString(file), edit.yaml()));
    String base = "working tree";
    ConfigTree before = disk;
    try {
      CommittedConfig.requireWorkTree(root);
      base = TrustReview.DEFAULT_BASE;
      before = CommittedConfig.read(root, CommittedConfig.resolve(root, base));
    } catch (KxmException e) {
      // Outside Git (or before the first commit) the edit is judged against the files on disk.
    }
    List<TrustChange> changes = TrustReview.between(before, edited);
    ObjectNode trust = answer.putObject("trust").put("base", base).put("verdict", verdict(changes));
    trust.set("changes", Json.MAPPER.valueToTree(changes));
    return new Review(relative, report, answer);
  }

  static String verdict(List<TrustChange> changes) {
    if (changes.stream().anyMatch(c -> c.effect() == TrustEffect.WIDENING)) {
      return "widening";
    }
    if (changes.stream().anyMatch(c -> c.effect() == TrustEffect.NARROWING)) {
      return "narrowing";
    }
    return "neutral";
  }

  private StudioWorkflows workflows() {
    return new StudioWorkflows(root, hubDefinitions);
  }

  private Path file(String name) {
    return root.resolve(".kxm").resolve("workflows").resolve(name + ".yaml");
  }

  private static String name(Context ctx) {
    String name = ctx.pathParam("name");
    if (!NAME.matcher(name).matches() || name.contains("..")) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "a workflow id is 1 to 128 letters, digits, '_', '.' or '-'",
          "Use an id GET /v1/runtime/studio/workflows lists.");
    }
    return name;
  }
}
