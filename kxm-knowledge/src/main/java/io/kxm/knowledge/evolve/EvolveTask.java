package io.kxm.knowledge.evolve;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One ARC-format task of an evolution: training pairs that show the rule and test inputs to apply
 * it to. Built only by {@link TaskSet}, which checks every field.
 */
public record EvolveTask(String id, List<GridPair> train, List<GridPair> test) {
  /** Task ids are file-name and log safe. */
  public static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  public static final int MAX_TRAIN = 20;
  public static final int MAX_TEST = 10;

  public EvolveTask {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException("task id '" + id + "' does not match " + ID.pattern());
    }
    train = List.copyOf(train);
    test = List.copyOf(test);
  }

  /** Whether every test pair carries its expected output. */
  public boolean hasTestOutputs() {
    return test.stream().allMatch(p -> p.output() != null);
  }
}
