package io.kxm.hub.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.net.Loopback;
import io.kxm.core.net.Origins;
import org.junit.jupiter.api.Test;

class BrowserGuardTest {

  @Test
  void loopback_covers_localhost_the_127_block_and_ipv6_one() {
    assertThat(Loopback.isLoopback("127.0.0.1")).isTrue();
    assertThat(Loopback.isLoopback("127.8.9.10")).isTrue();
    assertThat(Loopback.isLoopback("LOCALHOST")).isTrue();
    assertThat(Loopback.isLoopback("::1")).isTrue();
    assertThat(Loopback.isLoopback("[::1]")).isTrue();
    assertThat(Loopback.isLoopback("0:0:0:0:0:0:0:1")).isTrue();
  }

  @Test
  void wildcards_public_addresses_and_other_names_are_beyond_loopback() {
    assertThat(Loopback.isLoopback("0.0.0.0")).isFalse();
    assertThat(Loopback.isLoopback("::")).isFalse();
    assertThat(Loopback.isLoopback("192.168.1.5")).isFalse();
    assertThat(Loopback.isLoopback("my-laptop")).isFalse();
    assertThat(Loopback.isLoopback("localhost.evil.example")).isFalse();
  }

  @Test
  void origins_are_compared_in_the_form_browsers_send() {
    assertThat(Origins.normalize("HTTPS://Dash.Example.com:443/"))
        .hasValue("https://dash.example.com");
    assertThat(Origins.normalize("http://localhost:3000")).hasValue("http://localhost:3000");
    assertThat(Origins.normalize("https://dash.example.com/path")).isEmpty();
    assertThat(Origins.normalize("*")).isEmpty();
    assertThat(Origins.normalize("null")).isEmpty();
    assertThat(Origins.normalize("file:///tmp/x")).isEmpty();
  }

  @Test
  void a_body_check_ignores_requests_without_a_body() {
    BrowserGuard guard = new BrowserGuard("127.0.0.1", () -> 7331, java.util.List.of(), 10);

    guard.checkBody(new RequestView("POST", "127.0.0.1", null, null, 0, false));
    guard.checkBody(new RequestView("GET", "127.0.0.1", null, "text/plain", 50, false));
  }
}
