package io.kxm.cli.hook;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.agent.HubLocation;
import io.kxm.cli.run.ProjectRoot;
import io.kxm.cli.run.Runs;
import io.kxm.client.HubHttp;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.runtime.memory.MemoryBrief;
import io.kxm.runtime.run.RunStatus;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;

/**
 * What a session learns when it starts: the hub (where, up or not, how many agents are online),
 * this agent's open requests, the project's active runs and the project memory brief. Every part
 * only reads; each runs under the one {@link #DEADLINE}, and a part that fails or runs late is left
 * out with a note instead of failing the brief. Nothing registers, mints a token or writes a file,
 * and request text goes through the redactor.
 */
final class SessionStartBrief {
  /** The whole brief, all parts together. */
  static final Duration DEADLINE = Duration.ofMillis(2_500);

  static final Duration HUB_CALL = Duration.ofMillis(1_500);
  static final Duration RUNTIME_CALL = Duration.ofMillis(1_500);
  static final int REQUESTS_SHOWN = 3;
  static final int RUNS_SHOWN = 3;
  static final int MEMORY_MAX_CHARS = 6_000;
  static final int LINE_MAX = 160;

  private SessionStartBrief() {}

  /** The brief as fields, for {@code --json} and for the text. */
  static Map<String, Object> gather(CliContext context) {
    Instant deadline = Instant.now().plus(DEADLINE);
    ExecutorService parts = Executors.newVirtualThreadPerTaskExecutor();
    try {
      Future<Map<String, Object>> hub = parts.submit(() -> hub(context));
      Future<Map<String, Object>> runs = parts.submit(() -> runs(context));
      Future<Map<String, Object>> memory = parts.submit(() -> memory(context));
      Map<String, Object> brief = new LinkedHashMap<>();
      brief.put("hub", within(hub, deadline, "the hub did not answer in time"));
      brief.put("runs", within(runs, deadline, "the runtime did not answer in time"));
      brief.put("memory", within(memory, deadline, "reading the memory took too long"));
      return brief;
    } finally {
      // Late parts are abandoned, not awaited: the brief has what it has.
      parts.shutdownNow();
    }
  }

  private static Map<String, Object> within(
      Future<Map<String, Object>> part, Instant deadline, String late) {
    long left = Math.max(1, Duration.between(Instant.now(), deadline).toMillis());
    try {
      return part.get(left, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      part.cancel(true);
      return Map.of("note", late);
    } catch (ExecutionException e) {
      return Map.of("note", failure(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Map.of("note", late);
    }
  }

  private static String failure(Throwable cause) {
    if (cause instanceof KxmException k) {
      return k.code().code() + ": " + Redactor.redact(k.getMessage());
    }
    return cause.getClass().getSimpleName();
  }

  /** Where the hub is, whether it answers, and what it says about this project and agent. */
  static Map<String, Object> hub(CliContext context) {
    Map<String, Object> out = new LinkedHashMap<>();
    URI url = HubLocation.resolve(context).url();
    out.put("url", url.toString());
    AgentSettings.Sourced project = AgentSettings.project(context);
    out.put("project", project.value());
    String name = context.env().get(AgentSettings.AGENT_NAME);
    boolean named = name != null && !name.isBlank();
    if (named) {
      out.put("agent", name.strip());
    }
    Optional<String> token = token(context, project);
    try (HubHttp http = new HubHttp(url, token.orElse("none"))) {
      try {
        http.get("/health", Map.of(), HUB_CALL);
      } catch (KxmException e) {
        out.put("up", false);
        out.put("note", failure(e));
        return out;
      }
      out.put("up", true);
      if (token.isEmpty()) {
        out.put("note", "no project token (" + AgentSettings.TOKEN + " unset): status not read");
        return out;
      }
      String path =
          "/v1/projects/"
              + URLEncoder.encode(project.value(), StandardCharsets.UTF_8)
              + "/status"
              + (named ? "?agent=" + URLEncoder.encode(name.strip(), StandardCharsets.UTF_8) : "");
      try {
        JsonNode status = http.get(path, Map.of(), HUB_CALL);
        out.put("agentsOnline", status.path("agentsOnline").asLong(0));
        if (named) {
          out.put("openRequests", status.path("openRequests").asLong(0));
          out.put("requests", requests(status.path("requests")));
        }
      } catch (KxmException e) {
        out.put("note", failure(e));
      }
    }
    return out;
  }

  private static Optional<String> token(CliContext context, AgentSettings.Sourced project) {
    try {
      return Optional.of(AgentSettings.token(context, project).value());
    } catch (KxmException e) {
      return Optional.empty();
    }
  }

  private static List<Map<String, Object>> requests(JsonNode requests) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (JsonNode request : requests) {
      if (out.size() == REQUESTS_SHOWN) {
        break;
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", request.path("id").asString(""));
      row.put("from", request.path("fromName").asString(request.path("from").asString("")));
      row.put("status", request.path("status").asString(""));
      row.put("firstLine", firstLine(request.path("content").asString("")));
      out.add(row);
    }
    return out;
  }

  static String firstLine(String content) {
    String line = content.strip();
    int end = line.indexOf('\n');
    if (end >= 0) {
      line = line.substring(0, end).strip();
    }
    if (line.codePointCount(0, line.length()) > LINE_MAX) {
      line = line.substring(0, line.offsetByCodePoints(0, LINE_MAX)) + "...";
    }
    return Redactor.redact(line);
  }

  /** Up to three runs of this project that have not ended, from a runtime that runs already. */
  static Map<String, Object> runs(CliContext context) {
    String root = ProjectRoot.of(context).toString();
    Optional<JsonNode> listed = Runs.listIfRunning(context, root, RUNTIME_CALL);
    if (listed.isEmpty()) {
      return Map.of("note", "the runtime is not running");
    }
    List<Map<String, Object>> active = new ArrayList<>();
    int count = 0;
    for (JsonNode run : listed.get().path("runs")) {
      if (run.hasNonNull("damage") || ended(run.path("status").asString(""))) {
        continue;
      }
      count++;
      if (active.size() < RUNS_SHOWN) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("runId", run.path("runId").asString(""));
        row.put("workflowId", run.path("workflowId").asString(""));
        row.put("status", run.path("status").asString(""));
        row.put("updatedAt", run.path("updatedAt").asString(""));
        active.add(row);
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("active", count);
    out.put("shown", active);
    return out;
  }

  private static boolean ended(String status) {
    try {
      return RunStatus.fromWire(status).terminal();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The project memory brief, as {@code kxm memory brief} prints it, bounded. */
  static Map<String, Object> memory(CliContext context) {
    MemoryBrief brief = MemoryBrief.read(context.projectPaths().root(), MEMORY_MAX_CHARS);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("text", brief.text());
    out.put("files", brief.included().size());
    out.put("leftOut", brief.leftOut().size());
    return out;
  }

  /** The brief as the session reads it. */
  static String text(Map<String, Object> brief) {
    JsonNode b = Json.MAPPER.valueToTree(brief);
    StringBuilder out = new StringBuilder();
    hubText(b.path("hub"), out);
    runsText(b.path("runs"), out);
    JsonNode memory = b.path("memory");
    if (memory.has("note")) {
      out.append("kxm: project memory not read (")
          .append(memory.path("note").asString())
          .append(")\n");
    } else if (!memory.path("text").asString("").isBlank()) {
      out.append("kxm: project memory (kxm memory brief):\n")
          .append(memory.path("text").asString());
      if (!memory.path("text").asString().endsWith("\n")) {
        out.append('\n');
      }
    }
    return out.toString();
  }

  private static void hubText(JsonNode hub, StringBuilder out) {
    if (!hub.has("url")) {
      out.append("kxm: hub not checked (").append(hub.path("note").asString("")).append(")\n");
      return;
    }
    String where =
        "kxm: hub " + hub.path("url").asString() + ", project " + hub.path("project").asString();
    if (!hub.path("up").asBoolean(false)) {
      out.append(where)
          .append(": not reachable (")
          .append(hub.path("note").asString("no answer"))
          .append("); the kxm tools fail until it is up (kxm up starts a local one)\n");
      return;
    }
    out.append(where).append(": up");
    if (hub.has("agentsOnline")) {
      out.append(", ").append(hub.path("agentsOnline").asLong()).append(" agent(s) online");
    }
    if (hub.has("agent")) {
      out.append("; you are ").append(hub.path("agent").asString());
    }
    out.append('\n');
    if (hub.has("note")) {
      out.append("kxm: ").append(hub.path("note").asString()).append('\n');
    }
    if (hub.has("openRequests")) {
      long open = hub.path("openRequests").asLong();
      if (open == 0) {
        out.append("kxm: no open requests for you\n");
      } else {
        out.append("kxm: ").append(open).append(" open request(s) for you:\n");
        for (JsonNode request : hub.path("requests")) {
          out.append("  - from ")
              .append(request.path("from").asString())
              .append(", messageId ")
              .append(request.path("id").asString())
              .append(": ")
              .append(request.path("firstLine").asString())
              .append('\n');
        }
        out.append("  read them with kxm_inbox and answer each with kxm_reply\n");
      }
    }
  }

  private static void runsText(JsonNode runs, StringBuilder out) {
    if (!runs.has("active") || runs.path("active").asLong() == 0) {
      return;
    }
    out.append("kxm: ").append(runs.path("active").asLong()).append(" active run(s):\n");
    for (JsonNode run : runs.path("shown")) {
      out.append("  - ")
          .append(run.path("runId").asString())
          .append(' ')
          .append(run.path("workflowId").asString())
          .append(' ')
          .append(run.path("status").asString())
          .append(", updated ")
          .append(run.path("updatedAt").asString())
          .append('\n');
    }
  }
}
