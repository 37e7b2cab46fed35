package io.kxm.session.adapter.pi;

import io.kxm.core.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code models.json} of a turn's temporary Pi agent folder: one provider, {@value #PROVIDER},
 * that speaks OpenAI Chat Completions at the supervisor's endpoint and serves the session's model.
 * Its {@code apiKey} names the variable that holds the key, which Pi reads when it calls, so the
 * key itself is never written to the file.
 */
final class PiModels {
  static final String PROVIDER = "kxm";
  static final String BASE_URL_VARIABLE = "KXM_PI_BASE_URL";
  static final String KEY_VARIABLE = "KXM_PI_API_KEY";

  private PiModels() {}

  static String render(String baseUrl, String modelId) {
    ObjectNode root = Json.object();
    ObjectNode provider = root.putObject("providers").putObject(PROVIDER);
    provider.put("baseUrl", baseUrl);
    provider.put("api", "openai-completions");
    provider.put("apiKey", KEY_VARIABLE);
    provider.putArray("models").addObject().put("id", modelId);
    return Json.write(root);
  }
}
