package io.kxm.core.context;

/**
 * The token count KXM budgets with: one token per four characters, rounded up. It needs no
 * tokenizer and runs the same for every model; it undercounts dense text (code, non-Latin scripts)
 * a little and overcounts English prose a little. Because the ceiling of a sum is at most the sum
 * of the ceilings, pieces estimated one by one never add up to less than the whole.
 */
public final class TokenEstimate {
  private TokenEstimate() {}

  public static int of(String text) {
    return text == null ? 0 : (text.length() + 3) / 4;
  }
}
