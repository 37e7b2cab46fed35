package io.kxm.core.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class NewMessageTest {

  private static NewMessage with(Duration ttl, String content, String context) {
    return new NewMessage(
        "p", "agt_a", "agt_b", content, Delivery.FOLLOW_UP, ttl, null, null, null, 0, context);
  }

  private static void assertInvalid(ThrowingCallable call, String mention) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.INVALID_REQUEST);
              assertThat(e.getMessage()).contains(mention);
            });
  }

  @Test
  void a_plain_request_gets_the_default_ttl_and_follow_up_delivery() {
    NewMessage m = NewMessage.request("p", "agt_a", "agt_b", "hi");

    assertThat(m.ttl()).isEqualTo(Duration.ofHours(24));
    assertThat(m.delivery()).isEqualTo(Delivery.FOLLOW_UP);
  }

  @Test
  void the_ttl_must_lie_between_one_second_and_seven_days() {
    assertInvalid(() -> with(Duration.ofMillis(999), "x", null), "ttl");
    assertInvalid(() -> with(Duration.ofDays(7).plusMillis(1), "x", null), "ttl");
    assertThat(with(Duration.ofDays(7), "x", null).ttl()).isEqualTo(Duration.ofDays(7));
  }

  @Test
  void content_is_required_and_limited_to_32000_characters() {
    assertInvalid(() -> with(Duration.ofMinutes(1), " ", null), "content");
    assertThatThrownBy(() -> with(Duration.ofMinutes(1), "x".repeat(32_001), null))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.VALUE_TOO_LONG))
        .hasMessage("content is 32,001 characters, limit 32,000; shorten it or send a reference");
  }

  @Test
  void a_workflow_context_must_be_a_json_object() {
    assertInvalid(() -> with(Duration.ofMinutes(1), "x", "[1]"), "workflowContext");
    assertInvalid(() -> with(Duration.ofMinutes(1), "x", "{oops"), "workflowContext");
    assertThat(with(Duration.ofMinutes(1), "x", "{\"runId\":\"r\"}").workflowContext())
        .isEqualTo("{\"runId\":\"r\"}");
  }
}
