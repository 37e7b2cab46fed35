package io.kxm.runtime.config;

import static io.kxm.runtime.config.ConfigTrees.starter;
import static io.kxm.runtime.config.ConfigTrees.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.runtime.api.Revisions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RevisionHasherTest {
  @TempDir Path root;
  @TempDir Path other;

  @Test
  void every_part_is_a_hex_sha256_and_hashing_twice_gives_the_same_revisions() {
    starter(root);

    Revisions first = RevisionHasher.current(root);

    assertThat(first.bundle()).matches("[0-9a-f]{64}");
    assertThat(first.memory()).matches("[0-9a-f]{64}");
    assertThat(first.executorPolicy()).matches("[0-9a-f]{64}");
    assertThat(first.toolPolicy()).matches("[0-9a-f]{64}");
    assertThat(RevisionHasher.current(root)).isEqualTo(first);
  }

  @Test
  void the_same_files_written_in_another_order_in_another_folder_hash_the_same() {
    write(root, "agents/a.yaml", "id: a\n");
    write(root, "agents/b.yaml", "id: b\n");
    write(root, "memory/notes/one.md", "one\n");
    write(other, "memory/notes/one.md", "one\n");
    write(other, "agents/b.yaml", "id: b\n");
    write(other, "agents/a.yaml", "id: a\n");

    assertThat(RevisionHasher.current(other)).isEqualTo(RevisionHasher.current(root));
  }

  @Test
  void changing_one_byte_of_an_agent_changes_only_the_bundle() {
    starter(root);
    Revisions before = RevisionHasher.current(root);

    write(
        root,
        "agents/coder.yaml",
        "id: coder\nmodel: anthropic/claude-sonnet-4-5\npurpose: Writes code!\n");
    Revisions after = RevisionHasher.current(root);

    assertThat(after.bundle()).isNotEqualTo(before.bundle());
    assertThat(after.memory()).isEqualTo(before.memory());
    assertThat(after.executorPolicy()).isEqualTo(before.executorPolicy());
    assertThat(after.toolPolicy()).isEqualTo(before.toolPolicy());
  }

  @Test
  void memory_and_skills_move_the_memory_revision() {
    starter(root);
    Revisions before = RevisionHasher.current(root);

    write(root, "skills/review/SKILL.md", "---\nname: review\n---\nRead the diff.\n");
    Revisions withSkill = RevisionHasher.current(root);
    write(root, "memory/project.md", "We use tabs.\n");
    Revisions withMemory = RevisionHasher.current(root);

    assertThat(withSkill.memory()).isNotEqualTo(before.memory());
    assertThat(withMemory.memory()).isNotEqualTo(withSkill.memory());
    assertThat(withMemory.bundle()).isEqualTo(before.bundle());
  }

  @Test
  void routes_and_roles_move_the_executor_policy_revision() {
    starter(root);
    Revisions before = RevisionHasher.current(root);

    write(root, "roles/reviewer.yaml", "id: reviewer\ndescription: Reviews.\n");
    Revisions withRole = RevisionHasher.current(root);
    write(root, "routes.yaml", "routes:\n  - harness: codex\n    model: openai/gpt-5\n");
    Revisions withRoute = RevisionHasher.current(root);

    assertThat(withRole.executorPolicy()).isNotEqualTo(before.executorPolicy());
    assertThat(withRoute.executorPolicy()).isNotEqualTo(withRole.executorPolicy());
    assertThat(withRoute.bundle()).isEqualTo(before.bundle());
  }

  @Test
  void renaming_a_file_changes_the_revision_even_with_equal_bytes() {
    write(root, "workflows/a.yaml", "id: a\n");
    write(other, "workflows/b.yaml", "id: a\n");

    assertThat(RevisionHasher.current(other).bundle())
        .isNotEqualTo(RevisionHasher.current(root).bundle());
  }

  @Test
  void moving_bytes_between_path_and_content_cannot_collide() {
    write(root, "memory/ab", "c");
    write(other, "memory/a", "bc");

    assertThat(RevisionHasher.current(other).memory())
        .isNotEqualTo(RevisionHasher.current(root).memory());
  }

  @Test
  void without_tool_fields_the_tool_policy_is_the_constant_no_policy_hash() {
    starter(root);
    write(other, "project.yaml", "name: other\n");

    assertThat(RevisionHasher.current(root).toolPolicy())
        .isEqualTo(RevisionHasher.current(other).toolPolicy());
  }

  @Test
  void agent_tool_fields_move_the_tool_policy_and_key_order_does_not() {
    starter(root);
    String none = RevisionHasher.current(root).toolPolicy();

    write(root, "agents/coder.yaml", "id: coder\ntools:\n  allow: [read]\n  deny: [write]\n");
    String read = RevisionHasher.current(root).toolPolicy();
    write(root, "agents/coder.yaml", "tools:\n  deny: [write]\n  allow: [read]\nid: coder\n");
    String reordered = RevisionHasher.current(root).toolPolicy();
    write(root, "agents/coder.yaml", "id: coder\ntools:\n  allow: [read, write]\n");
    String wider = RevisionHasher.current(root).toolPolicy();

    assertThat(read).isNotEqualTo(none);
    assertThat(reordered).isEqualTo(read);
    assertThat(wider).isNotEqualTo(read);
  }

  @Test
  void a_symbolic_link_is_hashed_by_its_target_and_not_followed() throws Exception {
    starter(root);
    Path outside = Files.writeString(other.resolve("outside.md"), "secret\n");
    Files.createDirectories(root.resolve(".kxm/memory"));
    Files.createSymbolicLink(root.resolve(".kxm/memory/link.md"), outside);
    String before = RevisionHasher.current(root).memory();

    Files.writeString(outside, "changed\n");

    assertThat(RevisionHasher.current(root).memory()).isEqualTo(before);
  }
}
