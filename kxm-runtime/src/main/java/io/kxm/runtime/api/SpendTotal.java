package io.kxm.runtime.api;

import io.kxm.runtime.run.RunEvent;
import java.math.BigDecimal;
import java.util.List;

/**
 * What a run's attempts used, added up from their {@code attempt.spent} events.
 *
 * @param attempts how many attempts reported
 * @param usd the amount in US dollars as a decimal string; null when any attempt's is unknown
 * @param unknownBecause the first reason an amount is unknown; null when {@code usd} is known
 */
public record SpendTotal(
    int attempts,
    long inputTokens,
    long outputTokens,
    long cacheReadTokens,
    long cacheWriteTokens,
    long reasoningTokens,
    String usd,
    String unknownBecause) {

  /** The total of {@code spent}; null when there is none, as in a simulated run. */
  public static SpendTotal of(List<RunEvent.AttemptSpent> spent) {
    if (spent.isEmpty()) {
      return null;
    }
    long in = 0;
    long out = 0;
    long cacheRead = 0;
    long cacheWrite = 0;
    long reasoning = 0;
    BigDecimal usd = BigDecimal.ZERO;
    String unknown = null;
    for (RunEvent.AttemptSpent s : spent) {
      in = Math.addExact(in, s.inputTokens());
      out = Math.addExact(out, s.outputTokens());
      cacheRead = Math.addExact(cacheRead, s.cacheReadTokens());
      cacheWrite = Math.addExact(cacheWrite, s.cacheWriteTokens());
      reasoning = Math.addExact(reasoning, s.reasoningTokens());
      if (s.spendUsd() == null) {
        unknown = unknown != null ? unknown : s.spendUnknownBecause();
      } else {
        usd = usd.add(new BigDecimal(s.spendUsd()));
      }
    }
    return new SpendTotal(
        spent.size(),
        in,
        out,
        cacheRead,
        cacheWrite,
        reasoning,
        unknown == null ? usd.stripTrailingZeros().toPlainString() : null,
        unknown);
  }
}
