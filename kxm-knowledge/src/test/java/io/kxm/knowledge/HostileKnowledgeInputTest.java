package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated bundle files and forum tool arguments: the only ways out are a value or a refusal with
 * a stable code; nothing else is thrown, and a refused post stores nothing.
 */
class HostileKnowledgeInputTest {
  private static final List<String> BUNDLE_FIELDS =
      List.of(
          "format", "version", "sourceDatabaseId", "exportedAt", "tasks", "entries", "provenance");
  private static final List<String> ENTRY_FIELDS =
      List.of(
          "id",
          "type",
          "sourcePhase",
          "taskId",
          "roomId",
          "generation",
          "round",
          "author",
          "parentId",
          "content",
          "score",
          "createdAt",
          "extra");

  private static Path dir;
  private static KnowledgeDatabase db;
  private static ForumToolset tools;
  private static String validBundle;

  @BeforeContainer
  static void open() throws IOException {
    dir = Files.createTempDirectory("kxm-hostile-knowledge");
    db = KnowledgeDatabase.open(dir.resolve("k.db"));
    KnowledgeEntries entries = new KnowledgeEntries(db);
    entries.add(
        new NewEntry(
            EntryType.DISTILLATION,
            SourcePhases.PER_TASK_DISTILL,
            "t1",
            null,
            1,
            0,
            "d",
            null,
            "mirror then fill",
            null));
    validBundle = Bundles.toJson(Bundles.export(db, null));
    Forum forum = new Forum(db);
    forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 3);
    tools = new ForumToolset(forum.session("t1", 1, "alice"));
  }

  @AfterContainer
  static void close() throws IOException {
    db.close();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Property(tries = Hostile.TRIES / 2)
  void a_bundle_text_reads_or_is_refused_as_an_invalid_bundle(@ForAll("bundles") String text) {
    try {
      Bundle bundle = BundleParser.parse(text);
      assertThat(bundle.version()).isEqualTo(Bundle.VERSION);
    } catch (KxmException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.KNOWLEDGE_BUNDLE_INVALID);
      assertThat(e.getMessage()).startsWith("bundle field ");
    }
  }

  @Property(tries = Hostile.TRIES / 10)
  void a_tool_call_answers_or_refuses_with_a_code(
      @ForAll("toolNames") String tool, @ForAll("arguments") JsonNode arguments) {
    try {
      JsonNode result = tools.call(tool, arguments);
      assertThat(result.isObject()).isTrue();
    } catch (KxmException e) {
      assertThat(e.code()).isNotNull();
      assertThat(e.getMessage()).isNotBlank();
    }
  }

  @Provide
  Arbitrary<String> toolNames() {
    return Arbitraries.of(ForumToolset.NAMES);
  }

  @Provide
  Arbitrary<JsonNode> arguments() {
    Arbitrary<String> keys =
        Arbitraries.of("query", "limit", "round", "taskId", "text", "replyTo", "insight", "x");
    return Arbitraries.maps(keys, values())
        .ofMaxSize(4)
        .map(m -> {
          ObjectNode node = Json.object();
          m.forEach(node::set);
          return (JsonNode) node;
        })
        .injectNull(0.05);
  }

  private static Arbitrary<JsonNode> values() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(40).map(s -> Json.MAPPER.<JsonNode>valueToTree(s)),
        Arbitraries.strings()
            .withChars("abc \"*():-")
            .ofMaxLength(12)
            .map(s -> Json.MAPPER.<JsonNode>valueToTree(s)),
        Arbitraries.longs().map(n -> Json.MAPPER.<JsonNode>valueToTree(n)),
        Arbitraries.doubles().map(n -> Json.MAPPER.<JsonNode>valueToTree(n)),
        Arbitraries.of(true, false).map(b -> Json.MAPPER.<JsonNode>valueToTree(b)),
        Arbitraries.<JsonNode>just(Json.MAPPER.nullNode()),
        Arbitraries.<JsonNode>just(Json.MAPPER.createArrayNode()),
        Arbitraries.just((JsonNode) Json.object()));
  }

  @Provide
  Arbitrary<String> bundles() {
    Arbitrary<String> mutated =
        Arbitraries.integers()
            .between(0, 3)
            .flatMap(which ->
                values()
                    .flatMap(value ->
                        Arbitraries.of(which < 2 ? BUNDLE_FIELDS : ENTRY_FIELDS)
                            .map(field -> mutate(which, field, value))));
    Arbitrary<String> truncated =
        Arbitraries.integers()
            .between(0, validBundle.length())
            .map(n -> validBundle.substring(0, n));
    Arbitrary<String> noise = Arbitraries.strings().ofMaxLength(200);
    return Arbitraries.frequencyOf(
        Tuple.of(6, mutated), Tuple.of(2, truncated), Tuple.of(1, noise));
  }

  private static String mutate(int which, String field, JsonNode value) {
    ObjectNode root = (ObjectNode) Json.read(validBundle);
    switch (which) {
      case 0 -> root.set(field, value);
      case 1 -> root.remove(field);
      case 2 -> ((ObjectNode) root.path("entries").get(0)).set(field, value);
      default -> {
        ArrayNode entries = (ArrayNode) root.path("entries");
        ((ObjectNode) entries.get(0)).remove(field);
      }
    }
    return root.toString();
  }
}
