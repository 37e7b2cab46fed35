package io.kxm.runtime.config;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import io.kxm.core.json.JsonSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schemas shipped in the jar, one per kind of file, compiled as kxm-core compiles the
 * webhook definition schema; each error's JSON path is mapped back to its line in the YAML.
 */
final class ConfigSchemas {
  private static final Map<ConfigKind, Schema> SCHEMAS = loadAll();

  private ConfigSchemas() {}

  static List<ConfigError> check(ConfigKind kind, String file, YamlDocument document) {
    List<Error> errors;
    try {
      errors = SCHEMAS.get(kind).validate(document.root());
    } catch (RuntimeException e) {
      // The checker fails on some values instead of reporting them; the file is refused all the
      // same.
      return List.of(
          new ConfigError(
              file,
              0,
              "$",
              "schema",
              "a value could not be checked against the " + kind.schemaName() + " schema"));
    }
    return errors.stream().map(e -> toError(file, document, e)).toList();
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
    String path = pathOf(error.getInstanceLocation());
    if (error.getProperty() != null && "additionalProperties".equals(error.getKeyword())) {
      path = YamlDocument.child(path, error.getProperty());
    }
    return new ConfigError(
        file, document.lineOf(path), path, error.getKeyword(), error.getMessage());
  }

  /**
   * The location in the form {@link YamlDocument} keys lines by. Built here rather than with the
   * checker's own {@code toString}, which throws on an empty property name.
   */
  private static String pathOf(com.networknt.schema.path.NodePath location) {
    String path = "$";
    for (int i = 0; i < location.getNameCount(); i++) {
      Object element = location.getElement(i);
      path =
          element instanceof Number n
              ? YamlDocument.index(path, n.intValue())
              : YamlDocument.child(path, String.valueOf(element));
    }
    return path;
  }

  private static Map<ConfigKind, Schema> loadAll() {
    Map<ConfigKind, Schema> schemas = new EnumMap<>(ConfigKind.class);
    for (ConfigKind kind : ConfigKind.values()) {
      schemas.put(kind, JsonSchemas.compile(text(kind)));
    }
    return schemas;
  }
}
