package io.kxm.core.json;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;

/**
 * Compiles the JSON Schemas KXM ships for its files, all alike: draft 2020-12, and errors located
 * by JSON path, because {@code $.steps[1].type} reads better in a terminal than a JSON pointer.
 */
public final class JsonSchemas {
  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder ->
              builder.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().pathType(PathType.JSON_PATH).build()));

  private JsonSchemas() {}

  /** The schema written in {@code schemaText}, a JSON document. */
  public static Schema compile(String schemaText) {
    return REGISTRY.getSchema(schemaText, InputFormat.JSON);
  }
}
