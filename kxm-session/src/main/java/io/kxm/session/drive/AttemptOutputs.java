package io.kxm.session.drive;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.AgentRoute;
import io.kxm.runtime.config.RoutingConfig;
import io.kxm.runtime.usage.Spend;
import io.kxm.runtime.usage.TokenUsage;
import io.kxm.runtime.usage.UsageReports;
import io.kxm.runtime.usage.UsageTally;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.interaction.InteractionAnswer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one attempt's harness reports, as the producer needs it: the token usage added up and
 * priced, and the questions it asks, which nobody answers during a drive. The harness calls {@link
 * #accept} on its own thread; the producer reads from another.
 */
final class AttemptOutputs implements Consumer<HarnessOutput> {
  private static final String NOBODY =
      "nobody answers questions during a run's drive; decide alone";
  private static final Logger LOG = LoggerFactory.getLogger(AttemptOutputs.class);

  private final AgentRoute route;
  private final Path projectRoot;
  private final UsageTally tally = new UsageTally();
  private final List<HarnessOutput.InteractionRequest> questions = new ArrayList<>();
  private int asked;

  AttemptOutputs(AgentRoute route, Path projectRoot) {
    this.route = route;
    this.projectRoot = projectRoot;
  }

  @Override
  public void accept(HarnessOutput output) {
    switch (output) {
      case HarnessOutput.Usage u -> count(u);
      case HarnessOutput.InteractionRequest q -> {
        synchronized (questions) {
          questions.add(q);
        }
      }
      case HarnessOutput.Delta d -> {}
      case HarnessOutput.Final f -> {}
      case HarnessOutput.ToolCall c -> {}
      case HarnessOutput.ToolResult r -> {}
      case HarnessOutput.ProtocolError e ->
          LOG.debug("attempt harness line refused: {}", e.reason());
    }
  }

  /**
   * Answers each question asked since the last call with a refusal, so a harness waiting for a
   * person goes on (or ends) instead of waiting out the step's timeout.
   */
  void refuseQuestions(HarnessTurn turn) {
    List<HarnessOutput.InteractionRequest> open;
    synchronized (questions) {
      open = List.copyOf(questions);
      questions.clear();
    }
    for (HarnessOutput.InteractionRequest q : open) {
      asked++;
      try {
        turn.answer("int_drive_" + asked, q.kind(), refusal(q.kind()).body());
      } catch (RuntimeException e) {
        LOG.debug("the harness did not take the refusal of question {}", asked, e);
      }
    }
  }

  private static InteractionAnswer refusal(String kind) {
    return switch (kind) {
      case "approval" -> new InteractionAnswer.Approval(false, NOBODY, null);
      case "elicitation" ->
          new InteractionAnswer.Elicitation(InteractionAnswer.Action.DECLINE, null, null);
      default -> new InteractionAnswer.Clarification(NOBODY, null);
    };
  }

  /** The attempt's usage so far and what it cost. */
  AgentProducer.Usage usage() {
    TokenUsage total = tally.total();
    return new AgentProducer.Usage(route.harness(), route.model(), total, price(total));
  }

  private void count(HarnessOutput.Usage u) {
    try {
      tally.add(UsageReports.harnessLine(u.usage()));
    } catch (IllegalArgumentException | ArithmeticException e) {
      LOG.debug("attempt usage line not counted: {}", e.getMessage());
    }
  }

  private Spend price(TokenUsage total) {
    try {
      return RoutingConfig.prices(projectRoot).spend(route.model(), total);
    } catch (KxmException e) {
      return Spend.unknown(".kxm/prices.yaml is invalid; 'kxm config validate' lists why");
    }
  }
}
