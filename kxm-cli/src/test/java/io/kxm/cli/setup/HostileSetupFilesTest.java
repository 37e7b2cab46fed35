package io.kxm.cli.setup;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.toml.TomlValues;
import io.kxm.testkit.hostile.Hostile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The configuration files {@code kxm setup} edits are the person's own, in any state: generated
 * TOML and JSON, kxm's tables among them in every form, come out either refused with a setup code
 * or edited into a file that parses, holds kxm's entry, and stays as it is on the next run.
 */
class HostileSetupFilesTest {
  static final Path FILE = Path.of("/project/.codex/config.toml");
  static final String LAUNCHER = "/opt/kxm/bin/kxm";
  static final Set<ErrorCode> REFUSALS =
      Set.of(ErrorCode.SETUP_FILE_INVALID, ErrorCode.SETUP_CONFLICT);

  @Property(tries = Hostile.TRIES / 4)
  void a_toml_file_is_refused_or_edited_once_for_good(@ForAll("toml") String before) {
    String after;
    try {
      after = TomlTableEdit.set(FILE, before, tables(), Set.of());
    } catch (KxmException e) {
      Statistics.collect(e.code().code());
      assertThat(e.code()).isIn(REFUSALS);
      assertThat(e.getMessage()).contains(FILE.toString());
      return;
    }
    Statistics.collect(after.equals(before) ? "unchanged" : "edited");
    JsonNode doc = TomlTableEdit.parse(FILE, after, ErrorCode.SETUP_CONFLICT, " ");
    assertThat(doc.at("/mcp_servers/kxm/command").asString()).isEqualTo(LAUNCHER);
    assertThat(doc.at("/mcp_servers/kxm/env/KXM_PROJECT").asString()).isEqualTo("alpha");
    assertThat(TomlTableEdit.set(FILE, after, tables(), Set.of())).isEqualTo(after);
    // everything kxm does not set is still there, with the same values
    JsonNode old = TomlTableEdit.parse(FILE, before, ErrorCode.SETUP_FILE_INVALID, " ");
    assertThat(withoutKxmsOwn(doc)).isEqualTo(withoutKxmsOwn(old));
  }

  @Example
  void a_comment_between_kxms_tables_stays_where_it_is_run_after_run() {
    String before =
        """
        [mcp_servers.kxm]
        command = "/old/kxm"
        args = ["mcp"]
        # a comment

        [mcp_servers.kxm.env]
        KXM_PROJECT = "beta"
        """;

    String once = TomlTableEdit.set(FILE, before, tables(), Set.of());
    String twice = TomlTableEdit.set(FILE, once, tables(), Set.of());

    assertThat(once)
        .contains("args = [\"mcp\"]\n# a comment\n\n[mcp_servers.kxm.env]")
        .contains("KXM_PROJECT = \"alpha\"");
    assertThat(twice).isEqualTo(once);
  }

  /** The document less the keys kxm sets, and less the tables that leaves empty. */
  private static JsonNode withoutKxmsOwn(JsonNode doc) {
    ObjectNode copy = (ObjectNode) doc.deepCopy();
    if (copy.get("mcp_servers") instanceof ObjectNode servers) {
      if (servers.get("kxm") instanceof ObjectNode kxm) {
        kxm.remove(List.of("command", "args"));
        if (kxm.get("env") instanceof ObjectNode env) {
          env.remove("KXM_PROJECT");
          if (env.isEmpty()) {
            kxm.remove("env");
          }
        }
        if (kxm.isEmpty()) {
          servers.remove("kxm");
        }
      }
      if (servers.isEmpty()) {
        copy.remove("mcp_servers");
      }
    }
    return copy;
  }

  @Property(tries = Hostile.TRIES / 4)
  void a_json_file_is_refused_or_given_one_kxm_hook(@ForAll("json") String before) {
    FileChange first;
    try {
      first = hooked(before);
    } catch (KxmException e) {
      Statistics.collect(e.code().code());
      assertThat(e.code()).isIn(REFUSALS);
      return;
    }
    Statistics.collect(first.changed() ? "edited" : "unchanged");
    FileChange second = hooked(first.after());
    assertThat(second.changed()).isFalse();
    JsonNode groups = io.kxm.core.json.InputJson.read(second.after()).at("/hooks/SessionStart");
    long kxm = 0;
    for (JsonNode group : groups) {
      for (JsonNode hook : group.path("hooks")) {
        if (hook.path("command").asString("").equals(LAUNCHER + " hook session-start")) {
          kxm++;
        }
      }
    }
    assertThat(kxm).isEqualTo(1);
  }

  private static FileChange hooked(String text) {
    Path file = Path.of("/project/.codex/hooks.json");
    JsonConfig config = JsonConfig.readText(file, text);
    ObjectNode events = JsonConfig.object(config.tree(), "hooks", file);
    ArrayNode sessionStart = JsonConfig.array(events, "SessionStart", file);
    SessionStartHook.put(sessionStart, SessionStartHook.command(Path.of(LAUNCHER)));
    return config.change(false);
  }

  private static List<TomlTableEdit.Table> tables() {
    Map<String, String> main = new LinkedHashMap<>();
    main.put("command", TomlValues.string(LAUNCHER));
    main.put("args", TomlValues.array(List.of("mcp")));
    Map<String, String> env = new LinkedHashMap<>();
    env.put("KXM_PROJECT", TomlValues.string("alpha"));
    return List.of(
        new TomlTableEdit.Table(List.of("mcp_servers", "kxm"), main),
        new TomlTableEdit.Table(List.of("mcp_servers", "kxm", "env"), env));
  }

  @Provide
  Arbitrary<String> toml() {
    Arbitrary<String> header =
        Arbitraries.of(
            "[mcp_servers.kxm]",
            "[mcp_servers.kxm.env]",
            "[mcp_servers.\"kxm\"]",
            "[ mcp_servers . 'kxm' . env ]  # mine",
            "[mcp_servers]",
            "[mcp_servers.docs]",
            "[[mcp_servers.kxm]]",
            "[[profiles]]",
            "[mcp_servers.kxm.tools.kxm_send]",
            "[profiles.fast]");
    Arbitrary<String> entry =
        Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(
                10,
                Arbitraries.of(
                    "kxm = { command = \"x\" }",
                    "mcp_servers.kxm.command = \"y\"",
                    "command = \"/old/kxm\"",
                    "args = [\"a\",\n  \"b\"]  # two",
                    "matrix = [\n  [\"a\"],\n  [1, [2]], # [x]\n]",
                    "inline = { a = [1,\n 2] }",
                    "enabled = true",
                    "env = { A = \"1\" }",
                    "KXM_PROJECT = \"old\"",
                    "\"quoted key\" = 2",
                    "a.b = 1",
                    "notes = \"\"\"\n[mcp_servers.kxm]\ncommand = 1\"\"\"",
                    "raw = '''\n[[x]]\n'''",
                    "# a comment",
                    "",
                    "x = \"[mcp_servers.kxm]\"",
                    "y = 'it''s'")),
            net.jqwik.api.Tuple.of(1, Arbitraries.strings().ofMaxLength(20)));
    Arbitrary<String> table =
        net.jqwik.api.Combinators.combine(header, entry.list().ofMaxSize(4))
            .as((h, entries) -> h + "\n" + String.join("\n", entries));
    return net.jqwik.api.Combinators.combine(
            entry.list().ofMaxSize(3),
            table.list().ofMaxSize(6),
            Arbitraries.of("\n", "\r\n"),
            Arbitraries.of(true, false))
        .as((top, tables, eol, end) -> {
          List<String> parts = new java.util.ArrayList<>(top);
          parts.addAll(tables);
          return String.join("\n", parts).replace("\n", eol) + (end ? eol : "");
        });
  }

  @Provide
  Arbitrary<String> json() {
    Arbitrary<String> hook =
        Arbitraries.of(
            "{\"type\": \"command\", \"command\": \"echo hi\"}",
            "{\"type\": \"command\", \"command\": \"/old/kxm hook session-start\"}",
            "{\"command\": \"kxm hook session-start\", \"timeout\": 3}",
            "{}",
            "7",
            "null");
    Arbitrary<String> group =
        Arbitraries.oneOf(
            hook.list().ofMaxSize(3).map(h -> "{\"hooks\": [" + String.join(", ", h) + "]}"),
            Arbitraries.of("{}", "[]", "\"x\"", "{\"hooks\": {}}", "{\"matcher\": \"*\"}"));
    Arbitrary<String> sessionStart =
        Arbitraries.oneOf(
            group.list().ofMaxSize(3).map(g -> "[" + String.join(", ", g) + "]"),
            Arbitraries.of("{}", "1", "null", "\"SessionStart\""));
    Arbitrary<String> hooks =
        Arbitraries.oneOf(
            sessionStart.map(s -> "{\"SessionStart\": " + s + ", \"Stop\": []}"),
            Arbitraries.of("[]", "null", "\"hooks\"", "{}"));
    return Arbitraries.oneOf(
        hooks.map(h -> "{\"model\": \"x\", \"hooks\": " + h + "}"),
        Arbitraries.of("", "  ", "[]", "{", "{\"a\": 1, \"a\": 2}", "null", "{}\n{}"),
        Arbitraries.strings().ofMaxLength(30));
  }
}
