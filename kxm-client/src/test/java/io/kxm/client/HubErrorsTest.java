package io.kxm.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.net.ConnectException;
import java.net.URI;
import org.junit.jupiter.api.Test;

class HubErrorsTest {
  static final URI GET_MESSAGE = URI.create("http://127.0.0.1:7331/v1/agents/agt_1/messages/m1");

  @Test
  void an_envelope_becomes_the_same_code_message_and_hint() {
    KxmException e =
        HubErrors.fromAnswer(
            404,
            "{\"error\":{\"code\":\"message_not_found\",\"message\":\"no message m1\",\"hint\":\"h\"}}",
            "GET",
            GET_MESSAGE);

    assertThat(e.code()).isEqualTo(ErrorCode.MESSAGE_NOT_FOUND);
    assertThat(e.getMessage()).isEqualTo("no message m1");
    assertThat(e.hint()).isEqualTo("h");
  }

  @Test
  void a_code_this_client_does_not_know_keeps_its_name_in_the_message() {
    KxmException e =
        HubErrors.fromAnswer(
            409,
            "{\"error\":{\"code\":\"lease_moonphase\",\"message\":\"odd\"}}",
            "GET",
            GET_MESSAGE);

    assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL);
    assertThat(e.getMessage()).isEqualTo("lease_moonphase: odd (HTTP 409)");
  }

  @Test
  void an_answer_without_an_envelope_names_the_status_and_path() {
    KxmException e = HubErrors.fromAnswer(502, "<html>Bad Gateway</html>", "GET", GET_MESSAGE);

    assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL);
    assertThat(e.getMessage())
        .contains("HTTP 502", "/v1/agents/agt_1/messages/m1", "<html>Bad Gateway</html>");
  }

  @Test
  void no_answer_at_all_is_hub_unreachable_naming_the_url_and_the_cause() {
    KxmException e = HubErrors.unreachable(GET_MESSAGE, new ConnectException());

    assertThat(e.code()).isEqualTo(ErrorCode.HUB_UNREACHABLE);
    assertThat(e.getMessage())
        .isEqualTo("KXM hub unreachable at http://127.0.0.1:7331 (connection refused)");
  }
}
