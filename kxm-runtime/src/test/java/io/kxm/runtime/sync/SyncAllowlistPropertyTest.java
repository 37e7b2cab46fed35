package io.kxm.runtime.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.core.sync.SyncLimits;
import io.kxm.runtime.api.OutboxRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Payloads full of prompts, paths, environment values and secrets, under allowlisted names and
 * others: nothing of them survives the allowlist, and what does is of an admitted shape.
 */
class SyncAllowlistPropertyTest {
  private static final Pattern HEX = Pattern.compile("(sha256:)?[0-9a-f]{16,128}");
  private static final List<String> FIELDS =
      List.of(
          "workflowId",
          "to",
          "reason",
          "stepId",
          "detail",
          "assignmentId",
          "agentId",
          "attemptId",
          "result",
          "interactionId",
          "kind",
          "targetAgent",
          "by",
          "gateId",
          "observationId",
          "outcome",
          "promptSha256",
          "planSha256",
          "evidenceSha256",
          "capabilitySha256",
          "question",
          "answer",
          "text",
          "env",
          "cwd",
          "token",
          "apiKey");

  /** A value that must not leave the machine, with the text that would betray it. */
  record Planted(String value) {}

  @Provide
  Arbitrary<Planted> planted() {
    Arbitrary<String> alnum =
        Arbitraries.strings().alpha().numeric().ofMinLength(24).ofMaxLength(40);
    Arbitrary<String> b64 =
        Arbitraries.strings().alpha().numeric().withChars('_', '-').ofMinLength(10).ofMaxLength(30);
    Arbitrary<String> upper = Arbitraries.strings().withCharRange('A', 'Z').numeric().ofLength(16);
    Arbitrary<String> words =
        Arbitraries.of("refactor", "billing", "secret", "please", "the", "module", "password")
            .list()
            .ofMinSize(2)
            .ofMaxSize(8)
            .map(l -> String.join(" ", l));
    Arbitrary<String> dirs = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10);
    return Arbitraries.oneOf(
            alnum.map(s -> "sk-" + s),
            alnum.map(s -> "sk-ant-api03-" + s),
            upper.map(s -> "AKIA" + s),
            alnum.map(s -> "ghp_" + s),
            alnum.map(s -> "github_pat_" + s),
            alnum.map(s -> "kxm_project_" + s),
            alnum.map(s -> "xoxb-" + s),
            Combinators.combine(b64, b64, b64).as((a, b, c) -> "eyJ" + a + "." + b + "." + c),
            alnum.map(s -> "Bearer " + s),
            alnum.map(s -> "-----BEGIN RSA PRIVATE KEY-----\nMII" + s),
            words.map(w -> "Prompt: " + w),
            dirs.list().ofMinSize(1).ofMaxSize(4).map(l -> "/home/" + String.join("/", l)),
            dirs.map(d -> "C:\\Users\\" + d + "\\repo"),
            alnum.map(s -> "AWS_SECRET_ACCESS_KEY=" + s),
            Arbitraries.strings().numeric().withChars('a', 'b', 'c', 'd', 'e', 'f').ofLength(40))
        .map(Planted::new);
  }

  @Provide
  Arbitrary<String> types() {
    List<String> types = new ArrayList<>(SyncAllowlist.types());
    types.addAll(List.of("agent.transcript", "run.prompt", "x.y"));
    return Arbitraries.of(types);
  }

  @Property(tries = 300)
  void nothing_planted_survives_and_every_value_has_an_admitted_shape(
      @ForAll("types") String type,
      @ForAll("planted") Planted first,
      @ForAll("planted") Planted second,
      @ForAll("planted") Planted third) {
    List<Planted> planted = List.of(first, second, third);
    ObjectNode stored = Json.object();
    int i = 0;
    for (String field : FIELDS) {
      stored.put(field, planted.get(i++ % planted.size()).value());
    }
    ObjectNode nested = stored.putObject("revisions");
    nested.put("bundle", first.value());
    nested.put(second.value().length() > 60 ? "x" : second.value(), third.value());
    ObjectNode step = stored.putArray("steps").addObject();
    step.put("stepId", second.value());
    step.put("stepType", third.value());
    OutboxRow row = new OutboxRow(1, "key", "run-1", 1, type, Instant.EPOCH, stored);

    JsonNode out = SyncAllowlist.build(row, "alpha").data();

    String text = Json.write(out);
    for (Planted p : planted) {
      // A 40-hex planted value may legitimately pass as a hash; it is not a credential shape.
      if (!HEX.matcher(p.value()).matches()) {
        assertThat(text).doesNotContain(p.value());
      }
    }
    assertAdmitted(out);
  }

  private static void assertAdmitted(JsonNode node) {
    for (Map.Entry<String, JsonNode> entry : node.properties()) {
      JsonNode value = entry.getValue();
      if (value.isObject()) {
        assertAdmitted(value);
      } else if (value.isArray()) {
        value.forEach(SyncAllowlistPropertyTest::assertAdmitted);
      } else if (value.isString()) {
        String s = value.asString();
        assertThat(s).doesNotContain("/", "\\", " ", "\n");
        assertThat(
                s.equals(Redactor.MASK)
                    || SyncLimits.ID.matcher(s).matches()
                    || HEX.matcher(s).matches())
            .as("value %s of %s", s, entry.getKey())
            .isTrue();
      } else {
        assertThat(value.isNumber() || value.isBoolean()).isTrue();
      }
    }
  }
}
