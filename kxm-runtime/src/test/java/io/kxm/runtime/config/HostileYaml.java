package io.kxm.runtime.config;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generators of hostile YAML text: random structures that mix plain maps and lists with anchors,
 * aliases, tags, merge keys, duplicate keys, directives, several documents, odd scalars and
 * characters YAML forbids.
 */
final class HostileYaml {
  private HostileYaml() {}

  /** Scalars YAML resolves in surprising ways, and fragments that change the structure. */
  static final List<String> ODD_SCALARS =
      List.of(
          ".inf",
          "-.inf",
          "+.INF",
          ".nan",
          ".NaN",
          "1e400",
          "-1e400",
          "1e-400",
          "0x7FFFFFFFFFFFFFFFFFFF",
          "0o777",
          "0b101",
          "1_000",
          "99999999999999999999999999999999999999",
          "-0",
          "~",
          "null",
          "NULL",
          "yes",
          "off",
          "2001-12-14t21:59:43.10-05:00",
          "''",
          "\"\"",
          "'it''s'",
          "\"\\u0000\"",
          "\"\\x00\\xff\"",
          "\"\\uD800\"",
          "\"\\U0010FFFF\"",
          "!!binary aGVsbG8=",
          "!!str 1",
          "!!int x",
          "!!float .x",
          "!custom thing",
          "!<tag:yaml.org,2002:str> x",
          "&a 1",
          "*a",
          "*missing",
          "&a [1, *a]",
          "{<<: *a}",
          "|\n  block\n  text",
          ">-\n  folded",
          "|+\n\n",
          "? complex",
          "[",
          "]",
          "{",
          "}",
          "- - -",
          ": :",
          "\"unterminated",
          "'unterminated",
          "#only a comment",
          "\t",
          "\u0000",
          "\u0007",
          "\ufeff",
          "\ud800",
          "\udfff x",
          "\u2028",
          "@reserved",
          "`reserved",
          "%",
          "=");

  static final List<String> KEYS =
      List.of(
          "name",
          "id",
          "apiVersion",
          "steps",
          "type",
          "agent",
          "gate",
          "harness",
          "model",
          "gates",
          "argv",
          "timeoutMs",
          "routes",
          "limits",
          "maxConcurrentRuns",
          "coordinator",
          "prompt",
          "<<",
          "? x",
          "\"quoted key\"",
          "'single'",
          "[1, 2]",
          "{a: b}",
          "",
          "a.b",
          "a[0]",
          "$",
          "'",
          "\\u00e9t\u00e9");

  /** Any hostile YAML text, mostly structured, sometimes noise, deep or huge. */
  static Arbitrary<String> texts() {
    return Arbitraries.frequencyOf(
        Tuple.of(6, documents()), Tuple.of(2, noise()), Tuple.of(1, deep()), Tuple.of(1, huge()));
  }

  static Arbitrary<String> scalars() {
    Arbitrary<String> unicode = Arbitraries.strings().all().ofMaxLength(24);
    return Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.of(ODD_SCALARS)),
        Tuple.of(2, unicode),
        Tuple.of(1, unicode.map(s -> "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")),
        Tuple.of(1, unicode.map(s -> "'" + s.replace("'", "''") + "'")),
        Tuple.of(1, Arbitraries.longs().map(String::valueOf)),
        Tuple.of(1, Arbitraries.doubles().map(String::valueOf)),
        Tuple.of(1, Arbitraries.strings().numeric().ofMinLength(19).ofMaxLength(2000)));
  }

  /** A value in flow style: a scalar, or a list or map of values, a few levels deep. */
  static Arbitrary<String> flow() {
    return Arbitraries.recursive(
        HostileYaml::scalars,
        inner ->
            Arbitraries.oneOf(
                inner.list().ofMaxSize(4).map(items -> "[" + String.join(", ", items) + "]"),
                Combinators.combine(Arbitraries.of(KEYS), inner)
                    .as((k, v) -> k + ": " + v)
                    .list()
                    .ofMaxSize(4)
                    .map(entries -> "{" + String.join(", ", entries) + "}")),
        0,
        4);
  }

  /** Block-style documents: keys (duplicates likely) with flow values or nested blocks. */
  static Arbitrary<String> documents() {
    Arbitrary<String> indent = Arbitraries.of("", "", "", "  ", "    ", "\t", " ");
    Arbitrary<String> line =
        Arbitraries.frequencyOf(
            Tuple.of(
                6,
                Combinators.combine(indent, Arbitraries.of(KEYS), flow())
                    .as((i, k, v) -> i + k + ": " + v)),
            Tuple.of(2, Combinators.combine(indent, flow()).as((i, v) -> i + "- " + v)),
            Tuple.of(
                1, Combinators.combine(indent, Arbitraries.of(KEYS)).as((i, k) -> i + k + ":")),
            Tuple.of(
                1,
                Arbitraries.of(
                    "---",
                    "...",
                    "%YAML 1.2",
                    "%YAML 9.9",
                    "%TAG ! tag:evil.example,2024:",
                    "# comment",
                    "",
                    "<<: *a",
                    "base: &a {x: 1}",
                    "? [a, b]",
                    ": value")));
    Arbitrary<String> newline = Arbitraries.of("\n", "\n", "\n", "\r\n", "\r");
    return Combinators.combine(line.list().ofMinSize(0).ofMaxSize(12), newline)
        .as((lines, nl) -> String.join(nl, lines) + nl);
  }

  /** Short runs of the characters that carry meaning in YAML. */
  static Arbitrary<String> noise() {
    return Arbitraries.strings()
        .withChars("[]{}:-,&*!|>'\"%@`#?~ \n\t\r\\abc01.\u0000\u0085\ufeff")
        .ofMaxLength(120);
  }

  /** Nesting far deeper than any configuration needs, in flow and in block style. */
  static Arbitrary<String> deep() {
    Arbitrary<Integer> depth = Arbitraries.integers().between(50, 100_000);
    return Combinators.combine(depth, Arbitraries.integers().between(0, 3))
        .as((n, style) ->
            switch (style) {
              case 0 -> "a: " + "[".repeat(n) + "]".repeat(n) + "\n";
              case 1 -> "a: " + "{b: ".repeat(n) + "1" + "}".repeat(n) + "\n";
              case 2 -> "a: " + "[".repeat(n) + "\n";
              default -> blockNesting(Math.min(n, 600));
            });
  }

  private static String blockNesting(int depth) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      out.append(" ".repeat(i)).append("k:\n");
    }
    return out.append(" ".repeat(depth)).append("v\n").toString();
  }

  /** Scalars and files around the size cap. */
  static Arbitrary<String> huge() {
    Arbitrary<Integer> size =
        Arbitraries.integers()
            .between(RestrictedYaml.MAX_BYTES - 64, RestrictedYaml.MAX_BYTES + 64);
    return Combinators.combine(size, Arbitraries.of("x", "é", "1", "- a\n", "a: b\n"))
        .as((n, unit) -> "k: " + unit.repeat(Math.max(1, n / unit.length())));
  }

  /** Raw file bytes: UTF-8 text with invalid sequences spliced in, or plain binary. */
  static Arbitrary<byte[]> bytes() {
    Arbitrary<byte[]> binary = Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
    Arbitrary<byte[]> spliced =
        Combinators.combine(
                documents(),
                Arbitraries.of(
                    new byte[] {(byte) 0xff},
                    new byte[] {(byte) 0xc3},
                    new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
                    new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                    new byte[] {(byte) 0xfe, (byte) 0xff},
                    new byte[] {0}),
                Arbitraries.integers().between(0, 1000))
            .as((text, bad, at) -> {
              byte[] good = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
              int cut = Math.min(at, good.length);
              byte[] out = new byte[good.length + bad.length];
              System.arraycopy(good, 0, out, 0, cut);
              System.arraycopy(bad, 0, out, cut, bad.length);
              System.arraycopy(good, cut, out, cut + bad.length, good.length - cut);
              return out;
            });
    Arbitrary<byte[]> text = texts().map(s -> s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return Arbitraries.frequencyOf(Tuple.of(4, text), Tuple.of(2, spliced), Tuple.of(1, binary));
  }
}
