package io.kxm.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TracingTest {

  @Test
  void without_an_endpoint_tracing_is_off_and_spans_are_no_ops() {
    try (Tracing tracing = Tracing.fromEnvironment(Map.of(), "kxm-test", "0")) {
      assertThat(tracing.enabled()).isFalse();
      assertThat(tracing.endpoint()).isEmpty();
      assertThat(tracing.tracer().spanBuilder("x").startSpan().getSpanContext().isValid())
          .isFalse();
    }
  }

  @Test
  void an_endpoint_turns_tracing_on_and_names_the_traces_path() {
    try (Tracing tracing =
        Tracing.fromEnvironment(
            Map.of(Tracing.ENDPOINT, "http://127.0.0.1:4318/"), "kxm-test", "0")) {
      assertThat(tracing.enabled()).isTrue();
      assertThat(tracing.endpoint().orElseThrow()).hasToString("http://127.0.0.1:4318/v1/traces");
      assertThat(tracing.tracer().spanBuilder("x").startSpan().getSpanContext().isValid()).isTrue();
    }
  }

  @Test
  void an_endpoint_that_is_not_an_http_url_is_refused_naming_the_setting() {
    for (String bad :
        new String[] {"collector:4318", "ftp://host/x", "http://user:pw@host:4318", "not a url"}) {
      assertThatThrownBy(() -> Tracing.fromEnvironment(Map.of(Tracing.ENDPOINT, bad), "t", "0"))
          .as(bad)
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                assertThat(e.getMessage()).contains(Tracing.ENDPOINT).doesNotContain("pw@");
              });
    }
  }
}
