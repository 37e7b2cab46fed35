package io.kxm.runtime.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryBriefTest {
  @TempDir Path root;

  private void write(String relative, String text) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static String entry(String name, String description, String body) {
    return "---\nname: " + name + "\ndescription: " + description + "\n---\n" + body + "\n";
  }

  private static ErrorCode codeOf(Throwable e) {
    return ((KxmException) e).code();
  }

  @Test
  void memory_and_promoted_skills_are_briefed_and_candidates_are_left_out() throws IOException {
    write(
        ".kxm/memory/build.md",
        "---\nname: build\ndescription: How to build\ntags: [java, maven]\n---\nRun ./mvnw.\n");
    write(".kxm/skills/release.md", entry("release", "Cutting a release", "Tag, then push."));
    write(".kxm/skills/draft.md", entry("draft", "Half-written", "Not reviewed yet."));
    Skills.promote(root, "release");

    MemoryBrief brief = MemoryBrief.read(root);

    assertThat(brief.text())
        .startsWith("# Project memory")
        .contains("## Memory: build\n\nHow to build\nTags: java, maven\n\nRun ./mvnw.")
        .contains("## Skill: release\n\nCutting a release\n\nTag, then push.")
        .doesNotContain("draft")
        .doesNotContain("Not reviewed yet");
    assertThat(brief.included()).extracting(MemoryFile::name).containsExactly("build", "release");
    assertThat(brief.leftOut())
        .containsExactly(new MemoryBrief.LeftOut(".kxm/skills/draft.md", "not promoted"));
  }

  @Test
  void a_promoted_skill_edited_afterwards_is_refused_and_left_out() throws IOException {
    write(".kxm/skills/release.md", entry("release", "Cutting a release", "Tag, then push."));
    Skills.promote(root, "release");
    write(".kxm/skills/release.md", entry("release", "Cutting a release", "Push to main."));

    MemoryBrief brief = MemoryBrief.read(root);

    assertThat(brief.isEmpty()).isTrue();
    assertThat(brief.leftOut())
        .singleElement()
        .satisfies(l -> {
          assertThat(l.file()).isEqualTo(".kxm/skills/release.md");
          assertThat(l.reason()).startsWith("skill_hash_mismatch: skill 'release'");
        });
    assertThat(Skills.states(root))
        .extracting(SkillState::status)
        .containsExactly(SkillState.Status.HASH_MISMATCH);
    assertThatThrownBy(() -> Skills.verify(root))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.SKILL_HASH_MISMATCH))
        .hasMessageContaining(".kxm/skills/release.md");

    Skills.promote(root, "release");
    assertThat(MemoryBrief.read(root).text()).contains("Push to main.");
    assertThat(Skills.verify(root)).extracting(SkillState::name).containsExactly("release");
  }

  @Test
  void a_promoted_skill_whose_file_is_gone_is_reported_missing() throws IOException {
    write(".kxm/skills/release.md", entry("release", "Cutting a release", "Tag."));
    Skills.promote(root, "release");
    Files.delete(root.resolve(".kxm/skills/release.md"));

    assertThat(Skills.states(root))
        .extracting(SkillState::status)
        .containsExactly(SkillState.Status.MISSING);
    assertThat(MemoryBrief.read(root).leftOut())
        .extracting(MemoryBrief.LeftOut::reason)
        .singleElement()
        .asString()
        .contains("is gone");
  }

  @Test
  void the_lock_records_each_promoted_skill_with_its_file_and_hash() throws IOException {
    write(".kxm/skills/release.md", entry("release", "Cutting a release", "Tag."));

    Skills.promote(root, "release");

    String expected =
        MemoryFiles.sha256(Files.readAllBytes(root.resolve(".kxm/skills/release.md")));
    assertThat(SkillLock.read(root))
        .containsExactly(
            java.util.Map.entry("release", new SkillLock.Entry("release.md", expected)));
    assertThat(Files.readString(root.resolve(SkillLock.PATH))).contains("\"version\" : 1");
    assertThatThrownBy(() -> Skills.promote(root, "nope"))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.MEMORY_INVALID))
        .hasMessageContaining("no skill named 'nope'");
  }

  @Test
  void a_malformed_file_is_refused_with_memory_invalid_naming_it() throws IOException {
    String[][] cases = {
      {"no front matter at all\n", "first line must be ---"},
      {"---\nname: a\ndescription: b\n", "no closing ---"},
      {"---\nname: a\n---\nbody\n", "'description' is required"},
      {"---\nname: Bad Name\ndescription: b\n---\n", "name must match"},
      {"---\nname: a\ndescription: b\nallowed-tools: [Bash]\n---\n", "unknown front matter field"},
      {"---\nname: a\nname: b\ndescription: c\n---\n", "duplicate-key"},
      {"---\nx: &a 1\nname: *a\ndescription: c\n---\n", "front matter line"},
      {"---\n- a\n- b\n---\n", "must be a map"},
      {"---\nname: a\ndescription: b\ntags: [Not OK]\n---\n", "each tag must match"},
    };
    for (String[] bad : cases) {
      write(".kxm/memory/notes.md", bad[0]);
      assertThatThrownBy(() -> MemoryBrief.read(root))
          .as(bad[0])
          .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.MEMORY_INVALID))
          .hasMessageStartingWith(".kxm/memory/notes.md: ")
          .hasMessageContaining(bad[1]);
    }
  }

  @Test
  void two_files_with_one_name_and_links_are_refused() throws IOException {
    write(".kxm/memory/a.md", entry("same", "first", ""));
    write(".kxm/memory/b.md", entry("same", "second", ""));
    assertThatThrownBy(() -> MemoryBrief.read(root))
        .hasMessage(".kxm/memory/b.md: name 'same' is already used by .kxm/memory/a.md");

    Files.delete(root.resolve(".kxm/memory/b.md"));
    write("outside.md", entry("outside", "not reviewed", "secret plans"));
    Files.createSymbolicLink(root.resolve(".kxm/memory/c.md"), root.resolve("outside.md"));
    assertThatThrownBy(() -> MemoryBrief.read(root))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.MEMORY_INVALID))
        .hasMessageContaining(".kxm/memory/c.md: is a link");
  }

  @Test
  void the_brief_stays_within_its_limit_by_shortening_then_counting() throws IOException {
    for (int i = 0; i < 30; i++) {
      write(
          ".kxm/memory/m" + (100 + i) + ".md",
          entry("m" + (100 + i), "Entry " + i, "word ".repeat(100)));
    }

    MemoryBrief brief = MemoryBrief.read(root, 4_000);

    assertThat(brief.text().length()).isLessThanOrEqualTo(4_000);
    assertThat(brief.text()).contains("## Memory: m100\n\nEntry 0\n\nword word");
    assertThat(brief.text()).contains("(shortened to fit; the whole text is in .kxm/memory/m1");
    assertThat(brief.text()).containsPattern("\\(\\d+ more entries did not fit");
    assertThat(brief.included().size() + brief.leftOut().size()).isEqualTo(30);
    assertThat(brief.leftOut()).isNotEmpty();
  }

  @Test
  void no_memory_folder_gives_an_empty_brief() {
    MemoryBrief brief = MemoryBrief.read(root);

    assertThat(brief.isEmpty()).isTrue();
    assertThat(brief.included()).isEmpty();
  }

  @Test
  void credentials_in_memory_text_are_redacted() throws IOException {
    write(".kxm/memory/ops.md", entry("ops", "Ops notes", "Key sk-ant-abcdefghijklmnopqrstuv."));

    assertThat(MemoryBrief.read(root).text()).doesNotContain("sk-ant-").contains("[REDACTED]");
  }
}
