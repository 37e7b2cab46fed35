package io.kxm.runtime.config;

import static io.kxm.runtime.config.ConfigTrees.starter;
import static io.kxm.runtime.config.ConfigTrees.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.route.Route;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.runtime.route.RouteTable;
import io.kxm.runtime.usage.Price;
import io.kxm.runtime.usage.PriceBook;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoutingConfigTest {
  @TempDir Path root;

  @Test
  void the_starter_routes_and_prices_load_as_written() {
    starter(root);

    RouteTable routes = RoutingConfig.routes(root);
    PriceBook prices = RoutingConfig.prices(root);

    assertThat(routes.declared()).isTrue();
    assertThat(routes.admitted())
        .containsExactly(new Route(RouteHarness.CLAUDE_CODE, "anthropic/claude-sonnet-4-5"));
    assertThat(routes.defaultRoute()).isNull();
    assertThat(prices.price("anthropic/claude-sonnet-4-5"))
        .contains(
            new Price(
                new BigDecimal("3.00"),
                new BigDecimal("15.00"),
                new BigDecimal("0.30"),
                new BigDecimal("3.75")));
  }

  @Test
  void a_default_route_and_prices_without_cache_entries_load() {
    starter(root);
    write(
        root,
        "routes.yaml",
        """
        routes:
          - harness: claude-code
            model: anthropic/claude-sonnet-4-5
          - harness: codex
            model: openai/gpt-5
          - harness: pi
            model: ollama/qwen3
        default:
          harness: pi
          model: ollama/qwen3
        """);
    write(
        root,
        "prices.yaml",
        """
        currency: USD
        prices:
          openai/gpt-5:
            inputPerMillion: 1.25
            outputPerMillion: 10
        """);

    assertThat(ConfigLoader.check(root).errors()).isEmpty();
    assertThat(RoutingConfig.routes(root).defaultRoute())
        .isEqualTo(new Route(RouteHarness.PI, "ollama/qwen3"));
    Price price = RoutingConfig.prices(root).price("openai/gpt-5").orElseThrow();
    assertThat(price.inputPerMillion()).isEqualByComparingTo("1.25");
    assertThat(price.outputPerMillion()).isEqualByComparingTo("10");
    assertThat(price.cacheReadPerMillion()).isNull();
  }

  @Test
  void missing_files_admit_every_route_and_price_nothing() {
    assertThat(RoutingConfig.routes(root)).isEqualTo(RouteTable.undeclared());
    assertThat(RoutingConfig.prices(root).byModel()).isEmpty();
  }

  @Test
  void a_route_that_breaks_the_vendor_rule_or_repeats_is_refused_at_its_line() {
    starter(root);
    write(
        root,
        "routes.yaml",
        """
        routes:
          - harness: claude-code
            model: anthropic/claude-sonnet-4-5
          - harness: pi
            model: anthropic/claude-sonnet-4-5
          - harness: codex
            model: ollama/qwen3
          - harness: claude-code
            model: anthropic/claude-sonnet-4-5
        default:
          harness: codex
          model: openai/gpt-5
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(
            tuple(".kxm/routes.yaml", 5, "$.routes[1].model", "route-vendor"),
            tuple(".kxm/routes.yaml", 7, "$.routes[2].model", "route-vendor"),
            tuple(".kxm/routes.yaml", 8, "$.routes[3]", "route-unique"),
            tuple(".kxm/routes.yaml", 10, "$.default", "route-default-admitted"));
  }

  @Test
  void a_command_route_and_an_agent_cli_route_may_each_ask_for_the_sandbox() {
    starter(root);
    write(
        root,
        "routes.yaml",
        """
        routes:
          - harness: command
            model: local/echo
            sandbox: true
          - harness: claude-code
            model: anthropic/claude-sonnet-4-5
        """);

    RouteTable table = RoutingConfig.routes(root);
    assertThat(table.sandboxes(new Route(RouteHarness.COMMAND, "local/echo"))).isTrue();
    assertThat(table.sandboxes(new Route(RouteHarness.CLAUDE_CODE, "anthropic/claude-sonnet-4-5")))
        .isFalse();

    write(
        root,
        "routes.yaml",
        """
        routes:
          - harness: claude-code
            model: anthropic/claude-sonnet-4-5
            sandbox: true
        """);
    assertThat(ConfigLoader.check(root).errors()).isEmpty();
    assertThat(
            RoutingConfig.routes(root)
                .sandboxes(new Route(RouteHarness.CLAUDE_CODE, "anthropic/claude-sonnet-4-5")))
        .isTrue();
  }

  @Test
  void an_agent_that_breaks_the_vendor_rule_is_refused_with_or_without_routes_yaml()
      throws Exception {
    starter(root);
    write(
        root,
        "agents/coder.yaml",
        """
        id: coder
        harness: pi
        model: anthropic/claude-sonnet-4-5
        purpose: Codes.
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactly(tuple(3, "$.model", "route-vendor"));

    Files.delete(root.resolve(".kxm/routes.yaml"));
    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::rule)
        .containsExactly("route-vendor");
  }

  @Test
  void an_unknown_harness_or_key_in_routes_is_refused_by_the_schema() {
    starter(root);
    write(
        root,
        "routes.yaml",
        """
        routes:
          - harness: cursor
            model: openai/gpt-5
            fallback: pi
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::line, ConfigError::path, ConfigError::rule)
        .containsExactlyInAnyOrder(
            tuple(2, "$.routes[0].harness", "enum"),
            tuple(4, "$.routes[0].fallback", "additionalProperties"));
  }

  @Test
  void prices_in_another_currency_below_zero_as_text_or_with_unknown_keys_are_refused() {
    starter(root);
    write(
        root,
        "prices.yaml",
        """
        currency: EUR
        prices:
          openai/gpt-5:
            inputPerMillion: -1
            outputPerMillion: "10"
            reasoningPerMillion: 2
          not-a-model:
            inputPerMillion: 1
            outputPerMillion: 1
        """);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::line, ConfigError::path, ConfigError::rule)
        .contains(
            tuple(".kxm/prices.yaml", 1, "$.currency", "const"),
            tuple(".kxm/prices.yaml", 4, "$.prices['openai/gpt-5'].inputPerMillion", "minimum"),
            tuple(".kxm/prices.yaml", 5, "$.prices['openai/gpt-5'].outputPerMillion", "type"),
            tuple(
                ".kxm/prices.yaml",
                6,
                "$.prices['openai/gpt-5'].reasoningPerMillion",
                "additionalProperties"));
    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::rule)
        .contains("propertyNames");
  }

  @Test
  void reading_a_refused_file_names_each_error_and_an_empty_key_is_reported_not_thrown() {
    starter(root);
    write(root, "prices.yaml", "currency: USD\nprices:\n  \"\": {inputPerMillion: 1}\n");
    write(root, "routes.yaml", "routes:\n  - harness: pi\n    model: openai/gpt-5\n");

    assertThatThrownBy(() -> RoutingConfig.prices(root))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_TREE_INVALID))
        .hasMessageContaining("prices.yaml");
    assertThatThrownBy(() -> RoutingConfig.routes(root))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_TREE_INVALID))
        .hasMessageContaining(".kxm/routes.yaml:3: $.routes[0].model")
        .hasMessageContaining("[route-vendor]");
  }

  @Test
  void a_prices_file_that_is_a_link_is_refused() throws Exception {
    starter(root);
    Path outside = Files.writeString(root.resolve("prices.yaml"), "currency: USD\nprices: {}\n");
    Files.delete(root.resolve(".kxm/prices.yaml"));
    Files.createSymbolicLink(root.resolve(".kxm/prices.yaml"), outside);

    assertThat(ConfigLoader.check(root).errors())
        .extracting(ConfigError::file, ConfigError::rule)
        .containsExactly(tuple(".kxm/prices.yaml", "no-symlink"));
    assertThatThrownBy(() -> RoutingConfig.prices(root)).hasMessageContaining("no-symlink");
  }
}
