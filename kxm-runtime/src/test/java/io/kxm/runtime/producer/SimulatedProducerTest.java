package io.kxm.runtime.producer;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.secret.Tokens;
import io.kxm.runtime.api.AgentProducer.ProducerRequest;
import io.kxm.runtime.api.AgentProducer.ProducerResult;
import org.junit.jupiter.api.Test;

class SimulatedProducerTest {
  private final SimulatedProducer producer = new SimulatedProducer();
  private final ProducerRequest request =
      new ProducerRequest("run-1", "implement", "coder", "Fix the build.", 2);

  @Test
  void the_answer_names_agent_step_attempt_and_the_prompt_hash() {
    ProducerResult result = producer.produce(request, () -> false);

    assertThat(result)
        .isInstanceOfSatisfying(
            ProducerResult.Answered.class,
            a ->
                assertThat(a.text())
                    .contains("agent coder")
                    .contains("step implement")
                    .contains("attempt 2")
                    .contains("run run-1")
                    .contains(Tokens.sha256Hex("Fix the build.").substring(0, 16))
                    .doesNotContain("Fix the build."));
  }

  @Test
  void the_same_request_always_gets_the_same_answer_and_another_prompt_another() {
    ProducerResult first = producer.produce(request, () -> false);
    ProducerResult again = new SimulatedProducer().produce(request, () -> false);
    ProducerResult other =
        producer.produce(
            new ProducerRequest("run-1", "implement", "coder", "Fix the tests.", 2), () -> false);

    assertThat(again).isEqualTo(first);
    assertThat(other).isNotEqualTo(first);
  }

  @Test
  void a_cancelled_attempt_is_not_answered() {
    assertThat(producer.produce(request, () -> true)).isEqualTo(new ProducerResult.Cancelled());
  }
}
