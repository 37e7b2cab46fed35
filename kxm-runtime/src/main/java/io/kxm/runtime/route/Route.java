package io.kxm.runtime.route;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A harness plus a model: what one turn of an agent runs on.
 *
 * @param harness the harness that runs the model
 * @param model {@code provider/model}, for example {@code anthropic/claude-sonnet-4-5}; the model
 *     part may itself hold slashes, as aggregator ids do ({@code openrouter/meta/llama-4})
 */
public record Route(RouteHarness harness, String model) {
  // the same shape routes.schema.json and model.schema.json declare for a model id
  static final Pattern MODEL =
      Pattern.compile("^[a-z0-9][a-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._:/-]*$");

  public Route {
    Objects.requireNonNull(harness, "harness");
    Objects.requireNonNull(model, "model");
    if (!MODEL.matcher(model).matches()) {
      throw new IllegalArgumentException(
          "model '" + model + "' is not a provider/model id such as anthropic/claude-sonnet-4-5");
    }
  }

  /** The part before the first slash, for example {@code anthropic}. */
  public String provider() {
    return model.substring(0, model.indexOf('/'));
  }

  @Override
  public String toString() {
    return harness.wireName() + " + " + model;
  }
}
