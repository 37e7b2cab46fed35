package io.kxm.runtime.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.json.Json;
import io.kxm.runtime.usage.TokenUsage.Source;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PriceBookTest {
  private static final String SONNET = "anthropic/claude-sonnet-4-5";
  private static final String GPT = "openai/gpt-5";
  private final PriceBook book =
      new PriceBook(
          Map.of(
              SONNET,
              new Price(usd("3.00"), usd("15.00"), usd("0.30"), usd("3.75")),
              GPT,
              new Price(usd("1.25"), usd("10"), null, null)));

  @Test
  void spend_is_each_count_times_its_price_per_million_exactly() {
    // 2095*3 + 503*15 + 1024*0.30 + 2051*3.75 = 6285 + 7545 + 307.2 + 7691.25 = 21828.45
    Spend spend = book.spend(SONNET, new TokenUsage(2095, 503, 1024, 2051, 0, Source.SUMMED));

    assertThat(spend.isKnown()).isTrue();
    assertThat(spend.usd()).isEqualByComparingTo("0.02182845");
    assertThat(spend.toJson().path("amount").asString()).isEqualTo("0.02182845");
  }

  @Test
  void reasoning_tokens_are_billed_once_as_output() {
    Spend withReasoning = book.spend(GPT, new TokenUsage(1000, 1000, 0, 0, 800, Source.FINAL));
    Spend without = book.spend(GPT, new TokenUsage(1000, 1000, 0, 0, 0, Source.FINAL));

    assertThat(withReasoning.usd()).isEqualByComparingTo("0.01125");
    assertThat(withReasoning).isEqualTo(without);
  }

  @Test
  void a_price_in_tenths_of_a_cent_over_many_runs_does_not_drift() {
    BigDecimal total = BigDecimal.ZERO;
    for (int i = 0; i < 1000; i++) {
      total = total.add(book.spend(GPT, new TokenUsage(1, 0, 0, 0, 0, Source.SUMMED)).usd());
    }

    assertThat(total).isEqualByComparingTo("0.00125");
  }

  @Test
  void no_usage_costs_zero_only_when_the_price_is_known() {
    Spend spend = book.spend(GPT, new TokenUsage(0, 0, 0, 0, 0, Source.SUMMED));

    assertThat(spend.usd()).isEqualByComparingTo("0");
    assertThat(spend.toJson().path("amount").asString()).isEqualTo("0");
  }

  @Test
  void an_unknown_price_model_usage_or_cache_price_leaves_the_spend_unknown_never_zero() {
    TokenUsage some = new TokenUsage(10, 10, 0, 0, 0, Source.SUMMED);

    assertThat(book.spend("ollama/qwen3", some).unknownBecause())
        .isEqualTo("no price for ollama/qwen3 in .kxm/prices.yaml");
    assertThat(book.spend(null, some).unknownBecause()).isEqualTo("the session names no model");
    assertThat(book.spend(GPT, TokenUsage.unavailable()).unknownBecause())
        .isEqualTo("the harness reported no usage");
    assertThat(book.spend(GPT, new TokenUsage(10, 10, 5, 0, 0, Source.SUMMED)).unknownBecause())
        .isEqualTo("no cacheReadPerMillion price for openai/gpt-5");
    assertThat(book.spend(GPT, new TokenUsage(10, 10, 0, 5, 0, Source.SUMMED)).unknownBecause())
        .isEqualTo("no cacheWritePerMillion price for openai/gpt-5");
    assertThat(Json.write(book.spend("ollama/qwen3", some).toJson()))
        .isEqualTo(
            "{\"currency\":\"USD\",\"amount\":null,"
                + "\"unknownBecause\":\"no price for ollama/qwen3 in .kxm/prices.yaml\"}");
  }

  @Test
  void negative_prices_and_half_known_spends_cannot_be_built() {
    assertThatThrownBy(() -> new Price(usd("-1"), usd("1"), null, null))
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> new Spend(usd("1"), "both"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TokenUsage(-1, 0, 0, 0, 0, Source.SUMMED))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static BigDecimal usd(String amount) {
    return new BigDecimal(amount);
  }
}
