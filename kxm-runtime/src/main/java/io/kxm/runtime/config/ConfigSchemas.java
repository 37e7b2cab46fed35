package io.kxm.runtime.config;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schemas shipped in the jar, one per kind of file, checked the way kxm-core checks
 * webhook definitions: draft 2020-12, errors located by JSON path, then mapped back to lines.
 */
final class ConfigSchemas {
  private static final Map<ConfigKind, Schema> SCHEMAS = loadAll();

  private ConfigSchemas() {}

  static List<ConfigError> check(ConfigKind kind, String file, YamlDocument document) {
    return SCHEMAS.get(kind).validate(document.root()).stream()
        .map(e -> toError(file, document, e))
        .toList();
  }

  /** The schema text of {@code kind}, for documentation and editors. */
  static String text(ConfigKind kind) {
    String resource = "/io/kxm/runtime/schema/" + kind.schemaName() + ".schema.json";
    try (InputStream in = ConfigSchemas.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("the schema " + resource + " is not packaged");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ConfigError toError(String file, YamlDocument document, Error error) {
    String path = error.getInstanceLocation().toString();
    if (error.getProperty() != null && "additionalProperties".equals(error.getKeyword())) {
      path = YamlDocument.child(path, error.getProperty());
    }
    return new ConfigError(
        file, document.lineOf(path), path, error.getKeyword(), error.getMessage());
  }

  private static Map<ConfigKind, Schema> loadAll() {
    // JSON paths ($.steps[1].type) read better in a terminal than JSON pointers
    SchemaRegistryConfig config =
        SchemaRegistryConfig.builder().pathType(PathType.JSON_PATH).build();
    SchemaRegistry registry =
        SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12, builder -> builder.schemaRegistryConfig(config));
    Map<ConfigKind, Schema> schemas = new EnumMap<>(ConfigKind.class);
    for (ConfigKind kind : ConfigKind.values()) {
      schemas.put(kind, registry.getSchema(text(kind), InputFormat.JSON));
    }
    return schemas;
  }
}
