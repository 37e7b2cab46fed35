package io.kxm.cli.trust;

import io.kxm.runtime.trust.TrustReview;
import picocli.CommandLine.Option;

/** The options {@code kxm trust diff} and {@code kxm trust check} share. */
final class TrustOptions {
  @Option(
      names = "--base",
      paramLabel = "REV",
      description = "Git revision to compare .kxm/ with (default: ${DEFAULT-VALUE}).",
      defaultValue = TrustReview.DEFAULT_BASE)
  String base;

  @Option(names = "--json", description = "Print the diff as JSON on stdout.")
  boolean json;
}
