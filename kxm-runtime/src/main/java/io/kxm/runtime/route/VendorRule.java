package io.kxm.runtime.route;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a vendor's model may run. Anthropic and OpenAI models are vendor-locked: they run only
 * under the vendor's own provider id, in the vendor's native harness ({@code claude-code}, {@code
 * codex}) or in {@code builtin}, which calls the vendor's API directly. A native harness runs only
 * its vendor's models. {@code pi} and {@code command} run any model that is not vendor-locked, and
 * so does {@code builtin}. A locked model is recognised under any provider, so an aggregator id
 * such as {@code openrouter/anthropic/claude-sonnet-4-5} or {@code bedrock/claude-opus-4} cannot
 * carry it past the rule. Open-weight models of a locked vendor ({@code ollama/gpt-oss:20b}) are
 * not locked, unless named under the vendor itself.
 */
public final class VendorRule {
  // models a locked vendor published as open weights: anyone may serve them, so no vendor lock
  private static final List<String> OPEN_WEIGHTS = List.of("gpt-oss");

  private VendorRule() {}

  /** The reason {@code route} breaks the rule; empty when it keeps it. */
  public static Optional<String> breach(Route route) {
    Optional<Vendor> locked = lockedVendor(route.model());
    boolean direct = locked.isPresent() && locked.get().id.equals(route.provider());
    return switch (route.harness()) {
      case CLAUDE_CODE -> nativeOnly(route, Vendor.ANTHROPIC, locked, direct);
      case CODEX -> nativeOnly(route, Vendor.OPENAI, locked, direct);
      case BUILTIN ->
          locked.isPresent() && !direct
              ? Optional.of(indirect(route, locked.get()))
              : Optional.empty();
      case PI, COMMAND ->
          locked.map(v ->
              route
                  + ": "
                  + v.id
                  + " models run only in "
                  + v.harness.wireName()
                  + " or builtin, as "
                  + v.id
                  + "/<model>");
    };
  }

  private static Optional<String> nativeOnly(
      Route route, Vendor own, Optional<Vendor> locked, boolean direct) {
    if (locked.isPresent() && locked.get() == own && direct) {
      return Optional.empty();
    }
    if (locked.isPresent() && locked.get() == own) {
      return Optional.of(indirect(route, own));
    }
    return Optional.of(
        route
            + ": "
            + route.harness().wireName()
            + " runs only "
            + own.id
            + "/<model>; pick a harness for "
            + route.provider());
  }

  private static String indirect(Route route, Vendor vendor) {
    return route
        + ": this is a "
        + vendor.id
        + " model behind another provider; name it as "
        + vendor.id
        + "/<model>";
  }

  /** The locked vendor whose model {@code model} names, under whatever provider. */
  static Optional<Vendor> lockedVendor(String model) {
    List<String> segments = Arrays.asList(model.toLowerCase(Locale.ROOT).split("/"));
    String name = segments.getLast();
    if (OPEN_WEIGHTS.stream().anyMatch(name::startsWith) && !segments.contains("openai")) {
      return Optional.empty();
    }
    for (Vendor v : Vendor.values()) {
      if (segments.contains(v.id) || v.namePrefixes.stream().anyMatch(name::startsWith)) {
        return Optional.of(v);
      }
    }
    return Optional.empty();
  }

  enum Vendor {
    ANTHROPIC("anthropic", RouteHarness.CLAUDE_CODE, List.of("claude")),
    OPENAI("openai", RouteHarness.CODEX, List.of("gpt-", "codex", "o1", "o3", "o4"));

    final String id;
    final RouteHarness harness;
    // model names that give the vendor away when an aggregator drops the vendor segment
    final List<String> namePrefixes;

    Vendor(String id, RouteHarness harness, List<String> namePrefixes) {
      this.id = id;
      this.harness = harness;
      this.namePrefixes = namePrefixes;
    }
  }
}
