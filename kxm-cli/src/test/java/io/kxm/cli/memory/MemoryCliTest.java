package io.kxm.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm memory brief|list|promote} run in-process on a temporary project. */
class MemoryCliTest {
  @TempDir Path dir;

  private CliRun.Result kxm(String... args) {
    return CliRun.run(TestEnv.of(dir), dir, args);
  }

  private void write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  @Test
  void promote_then_brief_shows_the_skill_and_list_shows_its_state() throws IOException {
    write(
        ".kxm/memory/style.md", "---\nname: style\ndescription: House style\n---\nUse records.\n");
    write(".kxm/skills/release.md", "---\nname: release\ndescription: Releasing\n---\nTag it.\n");

    assertThat(kxm("memory", "brief").out()).contains("Use records.").doesNotContain("Tag it.");
    assertThat(kxm("memory", "list").out()).containsPattern("skill\\s+release\\s+candidate");

    CliRun.Result promote = kxm("memory", "promote", "release");
    assertThat(promote.exit()).as(promote.err()).isZero();
    assertThat(promote.out()).contains("promoted release").contains(".kxm/skills/promoted.json");

    CliRun.Result brief = kxm("memory", "brief", "--json");
    JsonNode body = Json.read(brief.out());
    assertThat(body.path("text").asString()).contains("## Skill: release").contains("Tag it.");
    assertThat(body.path("included").size()).isEqualTo(2);
    assertThat(body.path("leftOut").size()).isZero();

    JsonNode list = Json.read(kxm("memory", "list", "--json").out()).path("entries");
    assertThat(list.get(1).path("state").asString()).isEqualTo("promoted");
    assertThat(list.get(1).path("sha256").asString()).hasSize(64);
  }

  @Test
  void an_edited_skill_is_listed_as_a_mismatch_and_left_out_of_the_brief() throws IOException {
    write(".kxm/skills/release.md", "---\nname: release\ndescription: Releasing\n---\nTag it.\n");
    kxm("memory", "promote", "release");
    write(".kxm/skills/release.md", "---\nname: release\ndescription: Releasing\n---\nForce.\n");

    CliRun.Result brief = kxm("memory", "brief");

    assertThat(brief.exit()).isZero();
    assertThat(brief.out()).doesNotContain("Force.");
    assertThat(brief.err()).contains("left out .kxm/skills/release.md: skill_hash_mismatch");
    assertThat(kxm("memory", "list").out()).containsPattern("skill\\s+release\\s+hash-mismatch");

    CliRun.Result verify = kxm("memory", "verify");
    assertThat(verify.exit()).isEqualTo(1);
    assertThat(verify.err())
        .contains("error: skill_hash_mismatch: skill 'release' (.kxm/skills/release.md)")
        .contains("next: ");

    kxm("memory", "promote", "release");
    CliRun.Result again = kxm("memory", "verify", "--json");
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(Json.read(again.out()).path("verified").get(0).path("name").asString())
        .isEqualTo("release");
  }

  @Test
  void a_malformed_file_fails_with_memory_invalid_and_a_hint() throws IOException {
    write(".kxm/memory/bad.md", "no front matter\n");

    CliRun.Result brief = kxm("memory", "brief");

    assertThat(brief.exit()).isEqualTo(1);
    assertThat(brief.err())
        .contains("error: memory_invalid: .kxm/memory/bad.md: ")
        .contains("next: ")
        .doesNotContain("Exception");
  }

  @Test
  void promoting_an_unknown_skill_or_a_tiny_limit_is_refused() {
    CliRun.Result promote = kxm("memory", "promote", "ghost");
    assertThat(promote.exit()).isEqualTo(1);
    assertThat(promote.err()).contains("error: memory_invalid: no skill named 'ghost'");
    assertThat(Files.exists(dir.resolve(".kxm/skills/promoted.json"))).isFalse();

    assertThat(kxm("memory", "brief", "--max-chars", "10").exit()).isEqualTo(2);
    assertThat(kxm("memory").exit()).isEqualTo(2);
    assertThat(kxm("memory", "brief", "--help").out()).contains("--json");
    for (String command : new String[] {"list", "promote", "verify"}) {
      assertThat(kxm("memory", command, "--help").out()).as(command).contains("Usage:");
    }
  }
}
