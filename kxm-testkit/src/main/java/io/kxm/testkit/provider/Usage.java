package io.kxm.testkit.provider;

/** Token counts reported for a turn, in each dialect's own usage fields. */
public record Usage(int inputTokens, int outputTokens) {
  public static final Usage DEFAULT = new Usage(12, 8);

  public Usage {
    if (inputTokens < 0 || outputTokens < 0) {
      throw new IllegalArgumentException(
          "token counts must not be negative, got input "
              + inputTokens
              + " output "
              + outputTokens);
    }
  }

  public int total() {
    return inputTokens + outputTokens;
  }
}
