package io.kxm.session.turn;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.config.RoutingConfig;
import io.kxm.runtime.usage.PriceBook;
import io.kxm.runtime.usage.Spend;
import io.kxm.runtime.usage.TokenUsage;
import io.kxm.runtime.usage.UsageReports;
import io.kxm.runtime.usage.UsageTally;
import java.nio.file.Path;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One run's token usage and what it cost so far, priced from the {@code .kxm/prices.yaml} of the
 * session's workspace as it was when the turn started.
 */
final class RunSpend {
  private static final Logger LOG = LoggerFactory.getLogger(RunSpend.class);

  private final UsageTally tally = new UsageTally();
  private final Function<TokenUsage, Spend> pricing;

  private RunSpend(Function<TokenUsage, Spend> pricing) {
    this.pricing = pricing;
  }

  /** Before a turn starts nothing is used, and nothing can be priced. */
  static RunSpend none() {
    return new RunSpend(usage -> Spend.unknown("the harness reported no usage"));
  }

  /**
   * Prices {@code model} from the workspace's prices; a prices file that is refused leaves the
   * spend unknown rather than stopping the work, and is logged with the reasons.
   */
  static RunSpend forSession(String workspaceRoot, String model) {
    PriceBook prices;
    try {
      prices = RoutingConfig.prices(Path.of(workspaceRoot));
    } catch (KxmException e) {
      LOG.warn("spend of runs in {} is unknown: {}", workspaceRoot, e.getMessage());
      return new RunSpend(
          usage -> Spend.unknown(".kxm/prices.yaml is invalid; 'kxm config validate' lists why"));
    }
    return new RunSpend(usage -> prices.spend(model, usage));
  }

  /**
   * Counts one usage report of the harness protocol and returns the {@code usage} event's data: the
   * report's counts, the run's total so far as {@code run}, and its {@code spend}.
   *
   * @throws ArithmeticException when the run's total would pass 2^63-1; nothing is counted then
   */
  synchronized ObjectNode report(JsonNode line) {
    TokenUsage call = UsageReports.harnessLine(line);
    TokenUsage total = tally.add(call);
    ObjectNode data = call.toJson();
    data.remove("source");
    data.set("run", total.toJson());
    data.set("spend", pricing.apply(total).toJson());
    return data;
  }

  /** What the run cost so far. */
  synchronized Spend total() {
    return pricing.apply(tally.total());
  }

  /** The run's total usage and spend, for the event that ends it. */
  synchronized ObjectNode totals(ObjectNode into) {
    TokenUsage total = tally.total();
    into.set("usage", total.toJson());
    into.set("spend", pricing.apply(total).toJson());
    return into;
  }
}
