package io.kxm.session.provider;

import io.kxm.core.policy.ToolPolicies;
import io.kxm.runtime.config.ProviderFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The model provider settings the runtime supervisor gives its harnesses, each with where it came
 * from: the environment of the command that started the supervisor wins, then the user's {@code
 * providers.yaml} (in {@code KXM_USER_CONFIG_DIR}, else {@code ~/.config/kxm}), then the built-in
 * default. Harnesses see exactly these values: a provider variable the settings leave unset is
 * removed from a harness's environment, so nothing reaches a turn that {@code kxm runtime status}
 * does not show.
 */
public final class ProviderSettings {

  /** Where a setting's value came from. */
  public enum Source {
    ENVIRONMENT("environment"),
    FILE("file"),
    DEFAULT("default"),
    UNSET("unset");

    private final String wire;

    Source(String wire) {
      this.wire = wire;
    }

    public String wire() {
      return wire;
    }
  }

  /**
   * One setting as reported: keys are never shown, only whether they are set.
   *
   * @param shown the value for addresses and the wire, {@code set} for a key, null when unset
   */
  public record Setting(
      String variable, String provider, String field, String shown, Source source) {}

  /** A variable harnesses read, and its place in {@code providers.yaml}. */
  private record Variable(
      String name, String provider, String field, boolean secret, String fallback) {}

  private static final List<Variable> VARIABLES =
      List.of(
          new Variable(
              ModelRoutes.ANTHROPIC_BASE_URL,
              "anthropic",
              "baseUrl",
              false,
              ModelRoutes.ANTHROPIC_DEFAULT.toString()),
          new Variable(ModelRoutes.ANTHROPIC_API_KEY, "anthropic", "apiKey", true, null),
          new Variable(
              ModelRoutes.OPENAI_BASE_URL,
              "openai",
              "baseUrl",
              false,
              ModelRoutes.OPENAI_DEFAULT.toString()),
          new Variable(ModelRoutes.OPENAI_API_KEY, "openai", "apiKey", true, null),
          new Variable(ModelRoutes.OPENAI_WIRE, "openai", "wire", false, "responses"));

  private final Path file;
  private final Map<String, String> values;
  private final List<Setting> settings;

  private ProviderSettings(Path file, Map<String, String> values, List<Setting> settings) {
    this.file = file;
    this.values = Map.copyOf(values);
    this.settings = List.copyOf(settings);
  }

  /** The user's provider file for {@code env}. */
  public static Path file(Map<String, String> env) {
    return ToolPolicies.userConfigDir(env).resolve(ProviderFile.NAME);
  }

  /**
   * The settings of a supervisor started with {@code env}.
   *
   * @throws io.kxm.core.error.KxmException {@code config_invalid} when the user's file is refused
   */
  public static ProviderSettings resolve(Map<String, String> env) {
    Path file = file(env);
    return resolve(env, file, ProviderFile.read(file));
  }

  /** The settings {@code env} alone gives, for supervisors that read no user file (tests). */
  public static ProviderSettings fromEnvironmentOnly(Map<String, String> env) {
    return resolve(env, null, Optional.empty());
  }

  private static ProviderSettings resolve(
      Map<String, String> env, Path file, Optional<JsonNode> fromFile) {
    Map<String, String> values = new HashMap<>();
    List<Setting> settings = new ArrayList<>();
    for (Variable v : VARIABLES) {
      String fromEnv = present(env.get(v.name()));
      String inFile =
          fromFile
              .map(root -> root.path(v.provider()).path(v.field()))
              .filter(JsonNode::isString)
              .map(node -> present(node.asString()))
              .orElse(null);
      String value;
      Source source;
      if (fromEnv != null) {
        value = fromEnv;
        source = Source.ENVIRONMENT;
      } else if (inFile != null) {
        value = inFile;
        source = Source.FILE;
      } else {
        value = null;
        source = v.fallback() == null ? Source.UNSET : Source.DEFAULT;
      }
      if (value != null) {
        values.put(v.name(), value);
      }
      String shown = value == null ? v.fallback() : v.secret() ? "set" : value;
      settings.add(new Setting(v.name(), v.provider(), v.field(), shown, source));
    }
    return new ProviderSettings(file, values, settings);
  }

  /**
   * {@code base} (the supervisor's own environment: PATH, HOME and the rest) with every provider
   * variable set to these settings, and removed where they leave it unset.
   */
  public Map<String, String> environment(Map<String, String> base) {
    Map<String, String> out = new HashMap<>(base);
    for (Variable v : VARIABLES) {
      out.remove(v.name());
    }
    out.putAll(values);
    return out;
  }

  /** The user file these settings read, or would have read; empty when none is consulted. */
  public Optional<Path> file() {
    return Optional.ofNullable(file);
  }

  public List<Setting> settings() {
    return settings;
  }

  private static String present(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
