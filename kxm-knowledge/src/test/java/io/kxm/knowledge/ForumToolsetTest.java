package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ForumToolsetTest {
  @TempDir Path dir;

  private static void assertCode(Runnable call, ErrorCode code, String mentions) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(code);
              assertThat(e.getMessage()).contains(mentions);
            });
  }

  @Test
  void the_toolset_has_exactly_five_tools_with_closed_schemas() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"))) {
      Forum forum = new Forum(db);
      forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 1);
      ForumToolset tools = new ForumToolset(forum.session("t1", 1, "alice"));
      assertThat(tools.tools()).extracting(ForumTool::name).isEqualTo(ForumToolset.NAMES);
      assertThat(tools.tools())
          .allSatisfy(t -> {
            assertThat(t.inputSchema().path("additionalProperties").asBoolean(true)).isFalse();
            assertThat(t.description()).isNotBlank();
          });
      assertThat(tools.tools())
          .filteredOn(ForumTool::changesState)
          .extracting(ForumTool::name)
          .containsExactly("forum_post", "forum_signal_done");
    }
  }

  @Test
  void arguments_are_checked_by_the_toolset_itself() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"))) {
      Forum forum = new Forum(db);
      forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 1);
      ForumToolset tools = new ForumToolset(forum.session("t1", 1, "alice"));
      assertCode(
          () -> tools.call("query", Json.read("{\"query\":\"x\",\"colour\":\"red\"}")),
          ErrorCode.INVALID_REQUEST,
          "colour");
      assertCode(
          () -> tools.call("query", Json.read("{\"query\":42}")),
          ErrorCode.INVALID_REQUEST,
          "query");
      assertCode(() -> tools.call("query", Json.read("{}")), ErrorCode.INVALID_REQUEST, "query");
      assertCode(
          () -> tools.call("knowledge", Json.read("{\"limit\":1000}")),
          ErrorCode.VALUE_OUT_OF_RANGE,
          "limit");
      assertCode(
          () -> tools.call("forum_post", Json.read("{\"text\":\"" + "x".repeat(32_001) + "\"}")),
          ErrorCode.VALUE_TOO_LONG,
          "text");
      assertCode(
          () -> tools.call("forum_vote", Json.read("{}")), ErrorCode.INVALID_REQUEST, "forum_vote");
      assertThat(new KnowledgeEntries(db).byRoom("t1", 1)).isEmpty();
    }
  }

  @Test
  void forum_read_answers_nested_threads_and_done_lists_who_is_missing() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"))) {
      Forum forum = new Forum(db);
      forum.open(ForumRoom.crossTask(), 2, List.of("alice", "bob"), 3);
      ForumToolset alice = new ForumToolset(forum.session("__cross_task__", 1, "alice"));
      alice.call("query", Json.read("{\"query\":\"anything\"}"));
      String root =
          alice
              .call("forum_post", Json.read("{\"text\":\"symmetry helps\"}"))
              .path("entry")
              .path("id")
              .asString();
      alice.call(
          "forum_post", Json.read("{\"text\":\"and counting\",\"replyTo\":\"" + root + "\"}"));

      JsonNode read = alice.call("forum_read", Json.read("{\"round\":1}"));
      assertThat(read.path("roomId").asString()).isEqualTo("__cross_task__");
      JsonNode thread = read.path("threads").get(0);
      assertThat(thread.path("sourcePhase").asString()).isEqualTo("cross_task_forum");
      assertThat(thread.path("generation").asInt()).isEqualTo(2);
      assertThat(thread.path("replies").get(0).path("parentId").asString()).isEqualTo(root);

      JsonNode done = alice.call("forum_signal_done", null);
      assertThat(done.path("done").get(0).asString()).isEqualTo("alice");
      assertThat(done.path("waitingFor").get(0).asString()).isEqualTo("bob");
      assertThat(done.path("allDone").asBoolean()).isFalse();
    }
  }
}
