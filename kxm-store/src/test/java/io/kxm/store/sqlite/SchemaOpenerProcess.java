package io.kxm.store.sqlite;

import java.nio.file.Path;

/** A second process for {@link SqliteSchemaTest}: opens the file named by its argument. */
final class SchemaOpenerProcess {
  private SchemaOpenerProcess() {}

  public static void main(String[] args) {
    SqliteSchemaTest.open(Path.of(args[0]));
  }
}
