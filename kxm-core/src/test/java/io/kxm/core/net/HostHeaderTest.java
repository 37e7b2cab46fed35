package io.kxm.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class HostHeaderTest {
  @Test
  void a_name_and_port_are_split_at_the_last_colon_and_the_name_is_lower_case() {
    assertThat(HostHeader.parse(" LocalHost:7331 "))
        .hasValue(new HostHeader("localhost", Optional.of("7331")));
    assertThat(HostHeader.parse("[::1]:80")).hasValue(new HostHeader("[::1]", Optional.of("80")));
  }

  @Test
  void a_bare_or_bracketed_ipv6_literal_without_a_port_is_all_name() {
    assertThat(HostHeader.parse("::1")).hasValue(new HostHeader("::1", Optional.empty()));
    assertThat(HostHeader.parse("::1:7331")).hasValue(new HostHeader("::1:7331", Optional.empty()));
    assertThat(HostHeader.parse("[::1]")).hasValue(new HostHeader("[::1]", Optional.empty()));
  }

  @Test
  void a_port_matches_only_when_its_text_is_exactly_the_number() {
    assertThat(HostHeader.parse("127.0.0.1:7331").orElseThrow().hasPort(7331)).isTrue();
    assertThat(HostHeader.parse("127.0.0.1:07331").orElseThrow().hasPort(7331)).isFalse();
    assertThat(HostHeader.parse("127.0.0.1:").orElseThrow().hasPort(7331)).isFalse();
    assertThat(HostHeader.parse("127.0.0.1").orElseThrow().hasPort(7331)).isFalse();
  }

  @Test
  void a_missing_or_blank_header_has_no_parts() {
    assertThat(HostHeader.parse(null)).isEmpty();
    assertThat(HostHeader.parse("  ")).isEmpty();
  }
}
