package io.kxm.runtime.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class PromptSidecarTest {
  @TempDir Path dir;

  @Test
  void put_returns_the_prompt_hash_and_get_reads_the_full_text_back_from_a_new_instance() {
    String hash = new PromptSidecar(dir).put("run-1", "Fix the build.\nThen run the tests.");

    assertThat(hash).isEqualTo(Tokens.sha256Hex("Fix the build.\nThen run the tests."));
    assertThat(new PromptSidecar(dir).get("run-1")).contains("Fix the build.\nThen run the tests.");
    assertThat(new PromptSidecar(dir).get("run-2")).isEmpty();
    assertThat(dir.resolve("run-events.db.run-prompts.json")).isRegularFile();
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void the_file_is_owner_only_and_holds_a_json_object_of_prompts() throws Exception {
    PromptSidecar sidecar = new PromptSidecar(dir);
    sidecar.put("run-1", "one");
    sidecar.put("run-2", "two");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(sidecar.file())))
        .isEqualTo("rw-------");
    var root = Json.read(Files.readString(sidecar.file()));
    assertThat(root.path("run-1").asString()).isEqualTo("one");
    assertThat(root.path("run-2").asString()).isEqualTo("two");
  }

  @Test
  void writing_the_same_prompt_again_is_a_no_op_and_another_prompt_is_refused() {
    PromptSidecar sidecar = new PromptSidecar(dir);
    sidecar.put("run-1", "one");

    assertThat(sidecar.put("run-1", "one")).isEqualTo(Tokens.sha256Hex("one"));
    assertThatThrownBy(() -> sidecar.put("run-1", "changed"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_CONFLICT));
    assertThat(sidecar.get("run-1")).contains("one");
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void a_symlinked_sidecar_is_refused_for_reads_and_writes_and_its_target_is_untouched()
      throws Exception {
    Path target = Files.writeString(dir.resolve("elsewhere.json"), "{}");
    Files.createSymbolicLink(dir.resolve(PromptSidecar.FILE_NAME), target);
    PromptSidecar sidecar = new PromptSidecar(dir);

    assertThatThrownBy(() -> sidecar.put("run-1", "secret plan"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_SYMLINK_REFUSED));
    assertThatThrownBy(() -> sidecar.get("run-1")).isInstanceOf(KxmException.class);
    assertThat(Files.readString(target)).isEqualTo("{}");
  }

  @Test
  void bad_run_ids_and_oversized_prompts_are_refused_and_nothing_is_written() {
    PromptSidecar sidecar = new PromptSidecar(dir);

    assertThatThrownBy(() -> sidecar.put(" ", "p"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_REQUEST));
    assertThatThrownBy(() -> sidecar.put("run\n1", "p")).isInstanceOf(KxmException.class);
    assertThatThrownBy(() -> sidecar.put("r".repeat(129), "p")).isInstanceOf(KxmException.class);
    assertThatThrownBy(() -> sidecar.put("run-1", "x".repeat(PromptSidecar.MAX_PROMPT_CHARS + 1)))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.VALUE_TOO_LONG));
    assertThat(sidecar.file()).doesNotExist();
  }

  @Test
  void a_corrupt_sidecar_is_reported_not_overwritten() throws Exception {
    Files.writeString(dir.resolve(PromptSidecar.FILE_NAME), "[1, 2");
    PromptSidecar sidecar = new PromptSidecar(dir);

    assertThatThrownBy(() -> sidecar.put("run-1", "p"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_CORRUPT));
    assertThat(Files.readString(sidecar.file())).isEqualTo("[1, 2");
  }

  @Test
  void concurrent_puts_from_many_threads_and_instances_keep_every_prompt() throws Exception {
    List<Callable<String>> puts =
        IntStream.range(0, 64)
            .mapToObj(i -> (Callable<String>) () -> new PromptSidecar(dir).put("run-" + i, "p" + i))
            .toList();
    try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
      for (var f : pool.invokeAll(puts)) {
        f.get();
      }
    }

    PromptSidecar sidecar = new PromptSidecar(dir);
    for (int i = 0; i < 64; i++) {
      assertThat(sidecar.get("run-" + i)).contains("p" + i);
    }
  }

  @Test
  void a_sidecar_that_read_the_file_sees_what_another_writer_put_there_since() throws Exception {
    PromptSidecar reader = new PromptSidecar(dir);
    reader.put("run-1", "first");
    assertThat(reader.get("run-1")).contains("first");

    new PromptSidecar(dir).put("run-2", "second");
    assertThat(reader.get("run-2")).contains("second");

    // another process rewriting the file, as a restore would
    Files.writeString(reader.file(), Json.write(java.util.Map.of("run-3", "third")));
    assertThat(reader.get("run-3")).contains("third");
    assertThat(reader.get("run-1")).isEmpty();

    Files.delete(reader.file());
    assertThat(reader.get("run-3")).isEmpty();
  }
}
