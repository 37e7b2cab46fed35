package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@code KXM_RUNTIME_BIND}, {@code KXM_RUNTIME_TOKEN} and the origin lists are read. */
class NetworkSettingsTest {
  static final String TOKEN = "a-long-enough-token-0123456789abcdef";

  static NetworkSettings read(Map<String, String> env) {
    return NetworkSettings.fromEnvironment(env, null, false);
  }

  static void refused(Map<String, String> env, String variable) {
    assertThatThrownBy(() -> read(env))
        .isInstanceOf(KxmException.class)
        .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.CONFIG_INVALID))
        .hasMessageStartingWith(variable);
  }

  @Test
  void an_empty_environment_means_loopback_with_the_token_file() {
    NetworkSettings settings = read(Map.of());
    assertThat(settings).isEqualTo(NetworkSettings.LOOPBACK);
    assertThat(settings.isLoopback()).isTrue();
    assertThat(settings.clientHost()).isEqualTo("127.0.0.1");
  }

  @Test
  void the_bind_takes_ip_literals_and_localhost_and_the_flag_wins_over_the_variable() {
    assertThat(read(Map.of("KXM_RUNTIME_BIND", "localhost")).bindHost()).isEqualTo("127.0.0.1");
    NetworkSettings v6 = read(Map.of("KXM_RUNTIME_BIND", "[::1]"));
    assertThat(v6.isLoopback()).isTrue();
    assertThat(v6.clientHost()).isEqualTo("[0:0:0:0:0:0:0:1]");
    NetworkSettings any = read(Map.of("KXM_RUNTIME_BIND", "0.0.0.0"));
    assertThat(any.isLoopback()).isFalse();
    assertThat(any.isWildcard()).isTrue();
    assertThat(any.clientHost()).isEqualTo("127.0.0.1");
    NetworkSettings lan =
        NetworkSettings.fromEnvironment(Map.of("KXM_RUNTIME_BIND", "0.0.0.0"), "10.1.2.3", false);
    assertThat(lan.bindHost()).isEqualTo("10.1.2.3");
    assertThat(lan.clientHost()).isEqualTo("10.1.2.3");
  }

  @Test
  void a_bind_name_that_needs_dns_is_refused() {
    for (String name : List.of("example.com", "my-laptop", "127.0.0.1.nip.io", "1.2.3", "*")) {
      refused(Map.of("KXM_RUNTIME_BIND", name), "KXM_RUNTIME_BIND");
    }
  }

  @Test
  void a_short_or_unprintable_token_is_refused_without_showing_it() {
    String shortOne = "short-secret-1234";
    assertThatThrownBy(() -> read(Map.of("KXM_RUNTIME_TOKEN", shortOne)))
        .isInstanceOf(KxmException.class)
        .hasMessageStartingWith("KXM_RUNTIME_TOKEN")
        .hasMessageNotContaining(shortOne);
    refused(Map.of("KXM_RUNTIME_TOKEN", TOKEN + " with spaces"), "KXM_RUNTIME_TOKEN");
    refused(Map.of("KXM_RUNTIME_TOKEN", TOKEN + "é"), "KXM_RUNTIME_TOKEN");
  }

  @Test
  void a_token_from_the_environment_is_kept_but_never_printed() {
    NetworkSettings settings = read(Map.of("KXM_RUNTIME_TOKEN", TOKEN));
    assertThat(settings.tokenOverride()).isEqualTo(TOKEN);
    assertThat(settings.toString()).doesNotContain(TOKEN).contains("tokenOverride=set");
  }

  @Test
  void origins_must_be_exact_http_origins_and_are_compared_normalized() {
    NetworkSettings settings =
        read(Map.of("KXM_ALLOWED_ORIGINS", "http://LOCALHOST:5173, https://app.example:443"));
    assertThat(settings.allowedOrigins())
        .containsExactly("http://localhost:5173", "https://app.example");
    for (String bad :
        List.of("*", "localhost:5173", "http://x.example/app", "ftp://x.example", "null")) {
      refused(Map.of("KXM_ALLOWED_ORIGINS", bad), "KXM_ALLOWED_ORIGINS");
    }
  }

  @Test
  void extra_host_names_are_names_or_addresses_without_a_port() {
    NetworkSettings settings =
        read(Map.of("KXM_RUNTIME_BIND", "0.0.0.0", "KXM_RUNTIME_HOSTS", "Box.LAN, 10.0.0.7"));
    assertThat(settings.hostNames()).containsExactly("box.lan", "10.0.0.7");
    refused(Map.of("KXM_RUNTIME_HOSTS", "box.lan:8080"), "KXM_RUNTIME_HOSTS");
    refused(Map.of("KXM_RUNTIME_HOSTS", "a b"), "KXM_RUNTIME_HOSTS");
  }

  @Test
  void no_token_is_allowed_on_loopback_only() {
    assertThat(NetworkSettings.fromEnvironment(Map.of(), "localhost", true).tokenRequired())
        .isFalse();
    assertThatThrownBy(() -> NetworkSettings.fromEnvironment(Map.of(), "10.1.2.3", true))
        .isInstanceOf(KxmException.class)
        .satisfies(e ->
            assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUNTIME_BIND_REQUIRES_TOKEN));
    assertThatThrownBy(() ->
            NetworkSettings.fromEnvironment(Map.of("KXM_RUNTIME_TOKEN", TOKEN), "0.0.0.0", true))
        .isInstanceOf(KxmException.class)
        .satisfies(e ->
            assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUNTIME_BIND_REQUIRES_TOKEN));
  }
}
