package io.kxm.runtime.usage;

import io.kxm.core.json.Json;
import java.math.BigDecimal;
import tools.jackson.databind.node.ObjectNode;

/**
 * What tokens cost, or why that is not known. An unknown spend is never shown as zero: zero would
 * read as free, and budgets counted in money would let the work through.
 *
 * @param usd the amount in US dollars, exact; null when unknown
 * @param unknownBecause why the amount is unknown; null when it is known
 */
public record Spend(BigDecimal usd, String unknownBecause) {
  public static final String CURRENCY = "USD";

  public Spend {
    if ((usd == null) == (unknownBecause == null)) {
      throw new IllegalArgumentException("a spend is either an amount or a reason it is unknown");
    }
  }

  public static Spend known(BigDecimal usd) {
    return new Spend(usd, null);
  }

  public static Spend unknown(String because) {
    return new Spend(null, because);
  }

  public boolean isKnown() {
    return usd != null;
  }

  /**
   * The wire form: {@code {currency, amount}} with the amount as a decimal string (exact, and the
   * same text in every event hash), or {@code {currency, amount: null, unknownBecause}}.
   */
  public ObjectNode toJson() {
    ObjectNode json = Json.object().put("currency", CURRENCY);
    if (isKnown()) {
      json.put("amount", usd.toPlainString());
    } else {
      json.putNull("amount");
      json.put("unknownBecause", unknownBecause);
    }
    return json;
  }
}
