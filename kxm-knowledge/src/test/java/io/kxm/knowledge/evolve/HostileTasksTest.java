package io.kxm.knowledge.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated tasks files and agent answers: a tasks file either loads or is refused with {@code
 * evolve_tasks_invalid}; an answer of any text scores between 0 and 1. Nothing else is thrown.
 */
class HostileTasksTest {
  private static final String VALID =
      "{\"t\":{\"train\":[{\"input\":[[1,2],[3,4]],\"output\":[[2,1],[4,3]]}],"
          + "\"test\":[{\"input\":[[5,6]],\"output\":[[6,5]]}]}}";
  private static final List<String> FIELDS = List.of("train", "test", "input", "output", "x", "");
  private static Path dir;
  private static EvolveTask mirror;

  @BeforeContainer
  static void setUp() throws IOException {
    dir = Files.createTempDirectory("kxm-hostile-tasks");
    mirror = TaskSet.load(Files.writeString(dir.resolve("m.json"), VALID)).getFirst();
  }

  @AfterContainer
  static void tearDown() throws IOException {
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
    }
    Files.deleteIfExists(dir);
  }

  @Property(tries = Hostile.TRIES / 2)
  void a_mutated_tasks_file_loads_or_is_refused_with_its_code(
      @ForAll("mutations") List<Integer> choices) throws IOException {
    ObjectNode root = (ObjectNode) Json.read(VALID);
    for (int i = 0; i + 2 < choices.size(); i += 3) {
      mutate(root, choices.get(i), choices.get(i + 1), choices.get(i + 2));
    }
    Path file = Files.writeString(dir.resolve("tasks.json"), Json.write(root));

    try {
      List<EvolveTask> tasks = TaskSet.load(file);
      assertThat(tasks).isNotEmpty();
    } catch (KxmException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.EVOLVE_TASKS_INVALID);
      assertThat(e.getMessage()).startsWith("tasks file ");
    }
  }

  @Property(tries = Hostile.TRIES / 2)
  void any_answer_text_scores_from_zero_to_one(@ForAll("answers") String answer) {
    Evaluation e = new ExactMatchEvaluator().evaluate(mirror, answer);

    assertThat(e.score()).isBetween(0.0, 1.0);
    assertThat(e.solved()).isEqualTo(e.score() == 1.0);
    // The evaluator reads grids leniently ("6 5" is the row [6, 5]), so a solved answer holds the
    // digits 6 then 5 with nothing but separators between them.
    if (e.solved()) {
      assertThat(answer.replaceAll("[^0-9]", "")).contains("65");
    }
  }

  @Provide
  Arbitrary<List<Integer>> mutations() {
    return Arbitraries.integers().between(0, 1_000).list().ofMinSize(3).ofMaxSize(24);
  }

  @Provide
  Arbitrary<String> answers() {
    Arbitrary<String> digits = Arbitraries.strings().withChars("0123456789 \n").ofMaxLength(200);
    Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(200);
    return Arbitraries.oneOf(digits, any, Arbitraries.just("65"), Arbitraries.just("6 5\n\n65"));
  }

  /** Applies one mutation, chosen by {@code kind}, at a node found by walking {@code where}. */
  private static void mutate(ObjectNode root, int kind, int where, int value) {
    List<JsonNode> containers = new ArrayList<>();
    collect(root, containers);
    JsonNode target = containers.get(where % containers.size());
    JsonNode replacement = hostileValue(value);
    if (target instanceof ObjectNode o) {
      String field = FIELDS.get(value % FIELDS.size());
      switch (kind % 4) {
        case 0 -> o.set(field, replacement);
        case 1 -> o.remove(field);
        case 2 -> o.set(o.propertyNames().stream().findFirst().orElse("t"), replacement);
        default -> o.set("task" + value, o.deepCopy());
      }
    } else if (target instanceof ArrayNode a) {
      switch (kind % 4) {
        case 0 -> a.add(replacement);
        case 1 -> {
          if (!a.isEmpty()) {
            a.remove(value % a.size());
          }
        }
        case 2 -> {
          if (!a.isEmpty()) {
            a.set(value % a.size(), replacement);
          }
        }
        default -> {
          for (int i = 0; i < value % 40; i++) {
            a.add(a.isEmpty() ? replacement : a.get(0).deepCopy());
          }
        }
      }
    }
  }

  private static void collect(JsonNode node, List<JsonNode> out) {
    if (node.isContainer()) {
      out.add(node);
      node.forEach(child -> collect(child, out));
    }
  }

  private static JsonNode hostileValue(int value) {
    return switch (value % 9) {
      case 0 -> Json.MAPPER.getNodeFactory().numberNode(value % 10);
      case 1 -> Json.MAPPER.getNodeFactory().numberNode(-value);
      case 2 -> Json.MAPPER.getNodeFactory().numberNode(1L << 40);
      case 3 -> Json.MAPPER.getNodeFactory().numberNode(1.5);
      case 4 -> Json.MAPPER.getNodeFactory().stringNode("7");
      case 5 -> Json.MAPPER.getNodeFactory().nullNode();
      case 6 -> Json.MAPPER.createArrayNode();
      case 7 -> Json.MAPPER.createObjectNode();
      default -> Json.MAPPER.createArrayNode().add(Json.MAPPER.createArrayNode().add(value % 10));
    };
  }
}
