package io.kxm.core.workflow.definition;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import io.kxm.core.json.JsonSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** The JSON Schema every definition file must pass, read once from the classpath. */
final class DefinitionSchema {
  static final String RESOURCE = "workflow-definition.schema.json";
  private static final Schema SCHEMA = load();

  private DefinitionSchema() {}

  /** Every schema violation in {@code definition}, as file-located errors. */
  static List<DefinitionError> check(String file, JsonNode definition) {
    return SCHEMA.validate(definition).stream().map(e -> toError(file, e)).toList();
  }

  /** The schema text, for documentation and editors. */
  static String text() {
    try (InputStream in = stream()) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static DefinitionError toError(String file, Error error) {
    String path = error.getInstanceLocation().toString();
    if (error.getProperty() != null && "additionalProperties".equals(error.getKeyword())) {
      path = path + "." + error.getProperty();
    }
    return new DefinitionError(file, path, error.getKeyword(), error.getMessage());
  }

  private static Schema load() {
    return JsonSchemas.compile(text());
  }

  private static InputStream stream() {
    InputStream in = DefinitionSchema.class.getResourceAsStream(RESOURCE);
    if (in == null) {
      throw new IllegalStateException("the definition schema " + RESOURCE + " is not packaged");
    }
    return in;
  }
}
