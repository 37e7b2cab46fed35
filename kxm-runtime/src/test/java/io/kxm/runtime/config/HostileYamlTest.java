package io.kxm.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated YAML through the restricted parser and through a whole {@code .kxm/} check: the only
 * way out is a document or a refusal that names file, line and rule; nothing else is thrown and
 * nothing hangs, however deep or large the input.
 */
class HostileYamlTest {
  private static final List<String> FILES =
      List.of(
          "project.yaml",
          "gates.yaml",
          "routes.yaml",
          "agents/coder.yaml",
          "agents/other.yml",
          "models/m.yaml",
          "workflows/example.yaml",
          "roles/reviewer.yaml");

  private static Path root;
  private static Map<String, byte[]> starter;
  private static String changed;

  @BeforeContainer
  static void writeStarter() throws IOException {
    root = Files.createTempDirectory("kxm-hostile-yaml");
    StarterConfig.write(root, false);
    starter = new LinkedHashMap<>();
    Path kxm = root.resolve(".kxm");
    try (Stream<Path> files = Files.walk(kxm)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        starter.put(kxm.relativize(file).toString(), Files.readAllBytes(file));
      }
    }
  }

  @AfterContainer
  static void removeTree() throws IOException {
    delete(root);
  }

  @Property(tries = Hostile.TRIES / 2)
  void parsing_yields_a_document_or_a_refusal_with_its_line_and_rule(@ForAll("texts") String text) {
    try {
      YamlDocument document = RestrictedYaml.parse(text);
      assertThat(document.root()).isNotNull();
    } catch (RestrictedYaml.Refused refused) {
      assertThat(refused.line).isNotNegative();
      assertThat(refused.rule).isNotBlank();
      assertThat(refused.path).startsWith("$");
      assertThat(refused.getMessage()).isNotBlank();
    }
  }

  @Property(tries = Hostile.TRIES / 4)
  void a_tree_with_one_hostile_file_is_reported_never_thrown(
      @ForAll("files") String file, @ForAll("bytes") byte[] content) {
    resetTree();
    write(file, content);

    ConfigReport report = ConfigLoader.check(root);

    assertNamed(report);
  }

  @Property(tries = Hostile.TRIES / 4)
  void a_starter_file_with_one_hostile_value_is_reported_never_thrown(
      @ForAll("starterFiles") String file,
      @ForAll("lineIndexes") int at,
      @ForAll("values") String value,
      @ForAll boolean insert) {
    resetTree();
    List<String> lines =
        new java.util.ArrayList<>(
            new String(starter.get(file), java.nio.charset.StandardCharsets.UTF_8)
                .lines()
                .toList());
    int i = Math.floorMod(at, lines.size());
    String original = lines.get(i);
    int colon = original.indexOf(": ");
    if (insert || colon < 0) {
      String indent = original.substring(0, original.length() - original.stripLeading().length());
      lines.add(i, indent + value);
    } else {
      lines.set(i, original.substring(0, colon + 2) + value);
    }
    write(file, String.join("\n", lines).getBytes(java.nio.charset.StandardCharsets.UTF_8));

    ConfigReport report = ConfigLoader.check(root);

    assertNamed(report);
  }

  @Example
  void infinite_and_not_a_number_floats_are_refused_at_their_line() {
    for (String value : List.of(".inf", "-.inf", ".nan")) {
      assertThatThrownBy(() -> RestrictedYaml.parse("a: 1\nb: " + value + "\n"))
          .isInstanceOfSatisfying(
              RestrictedYaml.Refused.class,
              refused -> {
                assertThat(refused.rule).isEqualTo("finite-number");
                assertThat(refused.line).isEqualTo(2);
                assertThat(refused.path).isEqualTo("$.b");
              });
    }
    assertThat(RestrictedYaml.parse("b: '.inf'\n").root().path("b").asString()).isEqualTo(".inf");
  }

  @Example
  void numbers_past_64_bits_are_refused_at_their_line() {
    for (String value : List.of("-1.6746982038793864E+238", "9223372036854775808", "1e19")) {
      assertThatThrownBy(() -> RestrictedYaml.parse("a: 1\ntimeoutMs: " + value + "\n"))
          .isInstanceOfSatisfying(
              RestrictedYaml.Refused.class,
              refused -> {
                assertThat(refused.rule).isEqualTo("number-range");
                assertThat(refused.line).isEqualTo(2);
              });
    }
    assertThat(RestrictedYaml.parse("a: 9223372036854775807\n").root().path("a").asLong())
        .isEqualTo(Long.MAX_VALUE);
  }

  @Example
  void text_the_yaml_reader_itself_cannot_read_is_refused_with_a_rule() {
    // a high surrogate just where the reader's buffer ends
    String text = "a: " + "x".repeat(1021) + "\ud83e\udd8a\n";

    try {
      assertThat(RestrictedYaml.parse(text).root().path("a").asString()).endsWith("\ud83e\udd8a");
    } catch (RestrictedYaml.Refused refused) {
      assertThat(refused.rule).isEqualTo("yaml");
    }
  }

  @Provide
  Arbitrary<String> texts() {
    return HostileYaml.texts();
  }

  @Provide
  Arbitrary<byte[]> bytes() {
    return HostileYaml.bytes();
  }

  @Provide
  Arbitrary<String> files() {
    return Arbitraries.of(FILES);
  }

  @Provide
  Arbitrary<String> starterFiles() {
    return Arbitraries.of(List.copyOf(starter.keySet()));
  }

  @Provide
  Arbitrary<Integer> lineIndexes() {
    return Arbitraries.integers().between(0, 40);
  }

  /** A value that keeps the file's shape more often than not, so the cross-file rules run too. */
  @Provide
  Arbitrary<String> values() {
    return Arbitraries.oneOf(
        HostileYaml.scalars(),
        HostileYaml.flow(),
        Arbitraries.of("coder", "tests", "example", "claude-code", "anthropic/claude-sonnet-4-5"),
        Arbitraries.of("agent", "gate", "wait", "approval", "unknown"),
        Combinators.combine(Arbitraries.of(HostileYaml.KEYS), HostileYaml.flow())
            .as((k, v) -> k + ": " + v),
        Arbitraries.of("- id: x\n  type: gate\n  gate: nope", "- id: implement\n  type: agent"));
  }

  /** Every error names a file under .kxm/, a line, a path and a rule, and says what is wrong. */
  private static void assertNamed(ConfigReport report) {
    for (ConfigError error : report.errors()) {
      assertThat(error.file()).as(error.toString()).startsWith(".kxm/");
      assertThat(error.line()).as(error.toString()).isNotNegative();
      assertThat(error.path()).as(error.toString()).startsWith("$");
      assertThat(error.rule()).as(error.toString()).isNotBlank();
      assertThat(error.message()).as(error.toString()).isNotBlank();
    }
  }

  /** Puts back the file the previous try replaced, or removes it if the starter has none. */
  private static void resetTree() {
    if (changed == null) {
      return;
    }
    Path file = root.resolve(".kxm").resolve(changed);
    byte[] original = starter.get(changed);
    try {
      if (original == null) {
        Files.deleteIfExists(file);
      } else {
        Files.write(file, original);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    changed = null;
  }

  private static void write(String relative, byte[] content) {
    changed = relative;
    Path file = root.resolve(".kxm").resolve(relative);
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> all = Files.walk(path)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
