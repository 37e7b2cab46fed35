package io.kxm.knowledge.evolve;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads and checks the tasks of an evolution. A tasks file is one of:
 *
 * <ul>
 *   <li>a JSON file holding one ARC task ({@code {"train": [...], "test": [...]}}), whose id is the
 *       file name without {@code .json};
 *   <li>a JSON file holding an object that maps task ids to ARC tasks;
 *   <li>a folder whose {@code *.json} files each hold one ARC task, named by their file names.
 * </ul>
 *
 * Every refusal is {@code evolve_tasks_invalid} and names the file, the task and the field. Tasks
 * come back sorted by id, so every later step sees them in the same order.
 */
public final class TaskSet {
  public static final int MAX_TASKS = 1000;
  public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

  private TaskSet() {}

  public static List<EvolveTask> load(Path path) {
    if (Files.isSymbolicLink(path)) {
      throw invalid(path, "is a symbolic link; name the file or folder itself");
    }
    Map<String, EvolveTask> tasks = new LinkedHashMap<>();
    if (Files.isDirectory(path)) {
      for (Path file : jsonFiles(path)) {
        String id = stripJson(file);
        tasks.put(id, task(file, id, readJson(file)));
      }
    } else if (Files.isRegularFile(path)) {
      JsonNode root = readJson(path);
      if (isTask(root)) {
        String id = stripJson(path);
        tasks.put(id, task(path, id, root));
      } else if (root.isObject()) {
        for (Map.Entry<String, JsonNode> e : root.properties()) {
          tasks.put(e.getKey(), task(path, e.getKey(), e.getValue()));
        }
      } else {
        throw invalid(path, "must hold a JSON object: one task, or task ids mapped to tasks");
      }
    } else {
      throw invalid(path, "does not exist; pass a tasks JSON file or a folder of task files");
    }
    if (tasks.isEmpty()) {
      throw invalid(path, "holds no tasks");
    }
    if (tasks.size() > MAX_TASKS) {
      throw invalid(path, "holds " + tasks.size() + " tasks; the limit is " + MAX_TASKS);
    }
    return tasks.values().stream().sorted(Comparator.comparing(EvolveTask::id)).toList();
  }

  private static boolean isTask(JsonNode root) {
    return root.isObject() && root.path("train").isArray() && root.path("test").isArray();
  }

  private static List<Path> jsonFiles(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      List<Path> out =
          files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
      for (Path f : out) {
        if (Files.isSymbolicLink(f) || !Files.isRegularFile(f)) {
          throw invalid(f, "is not a regular file; task files may not be links or folders");
        }
      }
      if (out.size() > MAX_TASKS) {
        throw invalid(folder, "holds " + out.size() + " task files; the limit is " + MAX_TASKS);
      }
      return out;
    } catch (IOException e) {
      throw invalid(folder, "cannot be listed: " + e.getMessage());
    }
  }

  private static JsonNode readJson(Path file) {
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw invalid(file, "has " + size + " bytes; the limit is " + MAX_FILE_BYTES);
      }
      return Json.read(Files.readString(file));
    } catch (IOException e) {
      throw invalid(file, "cannot be read: " + e.getMessage());
    } catch (JacksonException e) {
      throw invalid(file, "is not valid JSON: " + e.getOriginalMessage());
    }
  }

  private static EvolveTask task(Path file, String id, JsonNode node) {
    if (!EvolveTask.ID.matcher(id).matches()) {
      throw invalid(
          file,
          "task id '"
              + clip(id)
              + "' must match "
              + EvolveTask.ID.pattern()
              + " (letters, digits,"
              + " '_', '.', '-')");
    }
    if (!node.isObject()) {
      throw invalidTask(file, id, "$", "must be an object with train and test");
    }
    List<GridPair> train = pairs(file, id, node, "train", EvolveTask.MAX_TRAIN, true);
    List<GridPair> test = pairs(file, id, node, "test", EvolveTask.MAX_TEST, false);
    return new EvolveTask(id, train, test);
  }

  private static List<GridPair> pairs(
      Path file, String id, JsonNode task, String field, int max, boolean outputRequired) {
    JsonNode list = task.get(field);
    if (list == null || !list.isArray() || list.isEmpty() || list.size() > max) {
      throw invalidTask(file, id, field, "must be an array of 1 to " + max + " pairs");
    }
    List<GridPair> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String at = field + "[" + i + "]";
      JsonNode pair = list.get(i);
      if (!pair.isObject()) {
        throw invalidTask(file, id, at, "must be an object with input and output");
      }
      Grid input = grid(file, id, at + ".input", pair.get("input"));
      JsonNode output = pair.get("output");
      if (output == null && !outputRequired) {
        out.add(new GridPair(input, null));
      } else {
        out.add(new GridPair(input, grid(file, id, at + ".output", output)));
      }
    }
    return out;
  }

  private static Grid grid(Path file, String id, String field, JsonNode node) {
    if (node == null || !node.isArray()) {
      throw invalidTask(file, id, field, "must be an array of rows of colours 0 to 9");
    }
    List<List<Integer>> rows = new ArrayList<>();
    // reading stops one past the limit, so the grid's own check names the limit
    for (int r = 0; r < node.size() && r <= Grid.MAX_SIDE; r++) {
      JsonNode row = node.get(r);
      if (!row.isArray()) {
        throw invalidTask(file, id, field + "[" + r + "]", "must be an array of integers");
      }
      List<Integer> cells = new ArrayList<>();
      for (int c = 0; c < row.size() && c <= Grid.MAX_SIDE; c++) {
        JsonNode cell = row.get(c);
        if (!cell.isIntegralNumber() || !cell.canConvertToInt()) {
          throw invalidTask(
              file, id, field + "[" + r + "][" + c + "]", "must be an integer from 0 to 9");
        }
        cells.add(cell.intValue());
      }
      rows.add(cells);
    }
    try {
      return new Grid(rows);
    } catch (IllegalArgumentException e) {
      throw invalidTask(file, id, field, e.getMessage());
    }
  }

  private static String stripJson(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
  }

  private static String clip(String text) {
    String printable = text.replaceAll("\\p{Cntrl}", "?");
    return printable.length() > 80 ? printable.substring(0, 80) + "…" : printable;
  }

  private static KxmException invalidTask(Path file, String id, String field, String problem) {
    return invalid(file, "task '" + id + "': " + field + " " + problem);
  }

  private static KxmException invalid(Path file, String problem) {
    return new KxmException(ErrorCode.EVOLVE_TASKS_INVALID, "tasks file " + file + ": " + problem);
  }
}
