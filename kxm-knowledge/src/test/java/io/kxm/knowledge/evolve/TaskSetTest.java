package io.kxm.knowledge.evolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskSetTest {
  private static final String TASK =
      "{\"train\":[{\"input\":[[1,2]],\"output\":[[2,1]]}],\"test\":[{\"input\":[[3,4]],"
          + "\"output\":[[4,3]]}]}";

  @TempDir Path dir;

  @Test
  void a_folder_of_task_files_loads_sorted_by_id() {
    assertThat(TaskSet.load(ArcTasks.folder()))
        .extracting(EvolveTask::id)
        .containsExactly("mirror-a", "mirror-b", "swap-c");
  }

  @Test
  void a_map_file_and_a_single_task_file_both_load() throws IOException {
    Path map =
        Files.writeString(dir.resolve("set.json"), "{\"b\":" + TASK + ",\"a\":" + TASK + "}");
    Path single = Files.writeString(dir.resolve("one-task.json"), TASK);

    assertThat(TaskSet.load(map)).extracting(EvolveTask::id).containsExactly("a", "b");
    EvolveTask task = TaskSet.load(single).getFirst();
    assertThat(task.id()).isEqualTo("one-task");
    assertThat(task.test().getFirst().output().text()).isEqualTo("43");
  }

  @Test
  void a_ragged_grid_is_refused_naming_task_and_field() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("bad.json"),
            "{\"t1\":{\"train\":[{\"input\":[[1,2],[3]],\"output\":[[1]]}],\"test\":[{\"input\":[[1]]}]}}");

    assertThatThrownBy(() -> TaskSet.load(file))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.EVOLVE_TASKS_INVALID))
        .hasMessageContaining("task 't1'")
        .hasMessageContaining("train[0].input")
        .hasMessageContaining("row 1 has 1 cells");
  }

  @Test
  void colours_outside_zero_to_nine_and_missing_fields_are_refused() throws IOException {
    Path colour =
        Files.writeString(
            dir.resolve("c.json"),
            "{\"t\":{\"train\":[{\"input\":[[10]],\"output\":[[1]]}],\"test\":[{\"input\":[[1]]}]}}");
    Path noTest =
        Files.writeString(
            dir.resolve("n.json"), "{\"t\":{\"train\":[{\"input\":[[1]],\"output\":[[1]]}]}}");
    Path badId = Files.writeString(dir.resolve("i.json"), "{\"../x\":" + TASK + "}");

    assertThatThrownBy(() -> TaskSet.load(colour)).hasMessageContaining("train[0].input");
    assertThatThrownBy(() -> TaskSet.load(noTest)).hasMessageContaining("task 't': test must be");
    assertThatThrownBy(() -> TaskSet.load(badId)).hasMessageContaining("task id '../x'");
  }

  @Test
  void a_missing_path_and_broken_json_are_refused() throws IOException {
    Path broken = Files.writeString(dir.resolve("b.json"), "{\"t\":");

    assertThatThrownBy(() -> TaskSet.load(dir.resolve("none.json")))
        .hasMessageContaining("does not exist");
    assertThatThrownBy(() -> TaskSet.load(broken)).hasMessageContaining("is not valid JSON");
    assertThatThrownBy(() -> TaskSet.load(Files.createDirectory(dir.resolve("empty"))))
        .hasMessageContaining("holds no tasks");
  }
}
