package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.tool.Schemas;
import io.kxm.core.tool.ToolArguments;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The five forum tools of one agent in one round, with their JSON schemas and limits, over a {@link
 * ForumSession}: {@code query}, {@code forum_read}, {@code knowledge}, {@code forum_post} and
 * {@code forum_signal_done}. Arguments the schema does not name are refused, so a transport that
 * does not validate schemas behaves like one that does.
 */
public final class ForumToolset {
  public static final List<String> NAMES =
      List.of("query", "forum_read", "knowledge", "forum_post", "forum_signal_done");
  public static final int MAX_QUERY = 2_000;
  public static final int MAX_QUERY_RESULTS = 50;

  private final ForumSession session;
  private final List<ForumTool> tools;

  public ForumToolset(ForumSession session) {
    this.session = session;
    this.tools =
        List.of(
            new ForumTool(
                "query",
                "Search all knowledge (attempts, insights, posts, distillations) by text.",
                false,
                Schemas.object()
                    .required("query", Schemas.string(MAX_QUERY))
                    .property("limit", Schemas.integer(1, MAX_QUERY_RESULTS))
                    .build(),
                this::query),
            new ForumTool(
                "forum_read",
                "Read this room's posts as threads; pass round to read one round only.",
                false,
                Schemas.object().property("round", Schemas.integer(1, 1_000_000)).build(),
                this::read),
            new ForumTool(
                "knowledge",
                "Read a task's attempts, insights and distillations; the room's task by default.",
                false,
                Schemas.object()
                    .property("taskId", Schemas.string(Checks.MAX_ID))
                    .property("limit", Schemas.integer(1, ForumSession.MAX_KNOWLEDGE_LIMIT))
                    .build(),
                this::knowledge),
            new ForumTool(
                "forum_post",
                "Post to this room after query or knowledge; replyTo answers a post.",
                true,
                Schemas.object()
                    .required("text", Schemas.string(Checks.MAX_CONTENT))
                    .property("replyTo", Schemas.string(Checks.MAX_ID))
                    .property(
                        "insight",
                        Schemas.described(
                            Schemas.bool(), "Mark the post as a lesson other tasks can reuse"))
                    .build(),
                this::post),
            new ForumTool(
                "forum_signal_done",
                "Say you have nothing more to add this round.",
                true,
                Schemas.object().build(),
                this::done));
  }

  public List<ForumTool> tools() {
    return tools;
  }

  public Optional<ForumTool> tool(String name) {
    return tools.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /** Runs the tool {@code name}; an unknown name is refused with {@code invalid_request}. */
  public JsonNode call(String name, JsonNode arguments) {
    return tool(name)
        .orElseThrow(
            () -> new KxmException(ErrorCode.INVALID_REQUEST, "there is no forum tool " + name))
        .call(arguments);
  }

  private ToolArguments args(String tool, JsonNode arguments) {
    ToolArguments args = ToolArguments.of(arguments);
    JsonNode properties = tool(tool).orElseThrow().inputSchema().path("properties");
    for (String given : args.raw().propertyNames()) {
      if (!properties.has(given)) {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST, tool + " has no parameter '" + given + "'");
      }
    }
    return args;
  }

  private static int bounded(ToolArguments args, String name, int fallback, int max) {
    Long given = args.integer(name);
    if (given == null) {
      return fallback;
    }
    if (given < 1 || given > max) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE, name + " is " + given + "; it must be from 1 to " + max);
    }
    return given.intValue();
  }

  private JsonNode query(JsonNode arguments) {
    ToolArguments args = args("query", arguments);
    String text = args.string("query");
    int limit = bounded(args, "limit", 10, MAX_QUERY_RESULTS);
    KnowledgeSearch found = session.query(text, limit);
    ObjectNode out = Json.object().put("retrievalMode", found.mode().wireName());
    ArrayNode results = out.putArray("results");
    for (KnowledgeSearch.Hit hit : found.hits()) {
      results.add(
          EntryJson.of(hit.entry())
              .put("relevance", hit.relevance())
              .put("exactPhrase", hit.exactPhrase()));
    }
    return out;
  }

  private JsonNode read(JsonNode arguments) {
    ToolArguments args = args("forum_read", arguments);
    int only = bounded(args, "round", 0, 1_000_000);
    ObjectNode out = Json.object().put("roomId", session.roomId()).put("round", session.round());
    ArrayNode threads = out.putArray("threads");
    session.read(only).forEach(t -> threads.add(thread(t)));
    return out;
  }

  private static ObjectNode thread(ForumThread t) {
    ObjectNode node = EntryJson.of(t.post());
    ArrayNode replies = node.putArray("replies");
    t.replies().forEach(r -> replies.add(thread(r)));
    return node;
  }

  private JsonNode knowledge(JsonNode arguments) {
    ToolArguments args = args("knowledge", arguments);
    String taskId = args.string("taskId");
    int limit = bounded(args, "limit", 50, ForumSession.MAX_KNOWLEDGE_LIMIT);
    List<KnowledgeEntry> found = session.knowledge(taskId, limit);
    ObjectNode out = Json.object();
    ArrayNode entries = out.putArray("entries");
    found.forEach(e -> entries.add(EntryJson.of(e)));
    return out;
  }

  private JsonNode post(JsonNode arguments) {
    ToolArguments args = args("forum_post", arguments);
    KnowledgeEntry posted =
        session.post(args.string("text"), args.string("replyTo"), args.bool("insight", false));
    return Json.object().set("entry", EntryJson.of(posted));
  }

  private JsonNode done(JsonNode arguments) {
    args("forum_signal_done", arguments);
    RoundState state = session.signalDone();
    ObjectNode out = Json.object().put("allDone", state.allDone());
    ArrayNode done = out.putArray("done");
    state.participants().stream().filter(state.done()::contains).forEach(done::add);
    ArrayNode waiting = out.putArray("waitingFor");
    state.participants().stream().filter(p -> !state.done().contains(p)).forEach(waiting::add);
    return out;
  }
}
