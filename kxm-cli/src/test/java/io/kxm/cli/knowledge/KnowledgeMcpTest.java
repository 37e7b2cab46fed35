package io.kxm.cli.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.knowledge.EntryType;
import io.kxm.knowledge.Forum;
import io.kxm.knowledge.ForumRoom;
import io.kxm.knowledge.KnowledgeDatabase;
import io.kxm.knowledge.KnowledgeEntries;
import io.kxm.knowledge.KnowledgeEntry;
import io.kxm.knowledge.NewEntry;
import io.kxm.knowledge.RoundState;
import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm knowledge mcp} as a real child process, driven by the MCP SDK's stdio client, over a
 * knowledge database this test also opens, as the orchestrator would.
 */
class KnowledgeMcpTest {
  @TempDir Path dir;
  private KnowledgeDatabase db;
  private Forum forum;
  private RoundState round;
  private McpSyncClient client;

  @BeforeEach
  void open() {
    db = KnowledgeDatabase.open(dir.resolve("knowledge.db"));
    forum = new Forum(db);
    new KnowledgeEntries(db)
        .add(NewEntry.attempt("t1", 1, "alice", "mirrored the grid left to right", 0.4));
    round = forum.open(ForumRoom.perTask("t1"), 1, List.of("alice", "bob"), 2);
  }

  @AfterEach
  void close() {
    if (client != null) {
      client.close();
    }
    db.close();
  }

  private McpSyncClient connect(String agent) {
    ServerParameters process =
        ServerParameters.builder(ChildKxm.java())
            .args(
                ChildKxm.arguments(
                    "knowledge",
                    "mcp",
                    "--db",
                    db.file().toString(),
                    "--room",
                    "t1",
                    "--round",
                    Integer.toString(round.round()),
                    "--agent",
                    agent))
            .env(TestEnv.of(dir))
            .build();
    McpSyncClient c =
        McpClient.sync(new StdioClientTransport(process, McpJson.mapper()))
            .requestTimeout(Duration.ofSeconds(30))
            .initializationTimeout(Duration.ofSeconds(60))
            .build();
    c.initialize();
    return c;
  }

  private McpSchema.CallToolResult raw(String tool, Map<String, Object> arguments) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }

  private JsonNode call(String tool, Map<String, Object> arguments) {
    McpSchema.CallToolResult result = raw(tool, arguments);
    assertThat(result.isError()).as(text(result)).isFalse();
    return Json.read(text(result));
  }

  @Test
  void an_agent_reads_posts_replies_and_signals_done_through_the_five_tools() {
    client = connect("alice");

    List<McpSchema.Tool> tools = client.listTools().tools();
    assertThat(tools)
        .extracting(McpSchema.Tool::name)
        .containsExactly("query", "forum_read", "knowledge", "forum_post", "forum_signal_done");
    JsonNode postSchema = Json.MAPPER.valueToTree(tools.get(3).inputSchema());
    assertThat(postSchema.path("required").get(0).asString()).isEqualTo("text");
    assertThat(postSchema.path("properties").path("text").path("maxLength").asInt())
        .isEqualTo(32_000);
    assertThat(postSchema.path("additionalProperties").asBoolean(true)).isFalse();

    McpSchema.CallToolResult early = raw("forum_post", Map.of("text", "a guess"));
    assertThat(early.isError()).isTrue();
    assertThat(text(early)).startsWith("forum_retrieval_required: ");

    JsonNode found = call("query", Map.of("query", "mirrored grid", "limit", 5));
    assertThat(found.path("retrievalMode").asString()).isEqualTo("fts");
    assertThat(found.path("results").get(0).path("content").asString())
        .isEqualTo("mirrored the grid left to right");
    JsonNode knowledge = call("knowledge", Map.of());
    assertThat(knowledge.path("entries").get(0).path("type").asString()).isEqualTo("attempt");

    String first =
        call("forum_post", Map.of("text", "mirroring is half of it"))
            .path("entry")
            .path("id")
            .asString();
    call("forum_post", Map.of("text", "colours swap too", "replyTo", first, "insight", true));
    JsonNode threads = call("forum_read", Map.of()).path("threads");
    assertThat(threads).hasSize(1);
    assertThat(threads.get(0).path("replies").get(0).path("type").asString()).isEqualTo("insight");

    McpSchema.CallToolResult third = raw("forum_post", Map.of("text", "one too many"));
    assertThat(text(third)).startsWith("forum_post_limit_reached: ");
    JsonNode done = call("forum_signal_done", Map.of());
    assertThat(done.path("allDone").asBoolean()).isFalse();
    assertThat(done.path("waitingFor").get(0).asString()).isEqualTo("bob");

    List<KnowledgeEntry> stored = new KnowledgeEntries(db).byRoom("t1", round.round());
    assertThat(stored)
        .extracting(KnowledgeEntry::type)
        .containsExactly(EntryType.POST, EntryType.INSIGHT);
    assertThat(forum.round("t1", round.round()).orElseThrow().done()).containsExactly("alice");
  }

  @Test
  void a_post_after_the_round_closed_is_refused_and_bad_arguments_name_the_field() {
    client = connect("bob");
    call("query", Map.of("query", "grid"));
    forum.close("t1", round.round(), "timeout");

    McpSchema.CallToolResult late = raw("forum_post", Map.of("text", "too late"));
    assertThat(late.isError()).isTrue();
    assertThat(text(late)).startsWith("forum_round_closed: ");
    McpSchema.CallToolResult unknown = raw("query", Map.of("query", "x", "colour", "red"));
    assertThat(unknown.isError()).isTrue();
    assertThat(text(unknown)).contains("colour");
    McpSchema.CallToolResult tooMany = raw("knowledge", Map.of("limit", 1000));
    assertThat(tooMany.isError()).isTrue();
    assertThat(text(tooMany)).contains("limit");
    assertThat(new KnowledgeEntries(db).byRoom("t1", round.round())).isEmpty();
  }

  @Test
  void an_agent_outside_the_round_is_refused_before_serving() {
    CliRun.Result result =
        CliRun.run(
            TestEnv.of(dir),
            dir,
            "knowledge",
            "mcp",
            "--db",
            "knowledge.db",
            "--room",
            "t1",
            "--round",
            Integer.toString(round.round()),
            "--agent",
            "mallory");
    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("forum_not_a_participant").contains("mallory");
    assertThat(result.out()).isEmpty();
  }
}
