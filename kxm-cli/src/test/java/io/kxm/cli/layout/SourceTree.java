package io.kxm.cli.layout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The repository as files: its root pom's modules and their main Java sources. */
final class SourceTree {
  private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");

  private final Path root;

  private SourceTree(Path root) {
    this.root = root;
  }

  /** The first folder at or above the working directory whose pom.xml lists modules. */
  static SourceTree find() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path pom = dir.resolve("pom.xml");
      if (Files.isRegularFile(pom) && read(pom).contains("<modules>")) {
        return new SourceTree(dir);
      }
    }
    throw new IllegalStateException(
        "no pom.xml with <modules> at or above " + Path.of("").toAbsolutePath());
  }

  Path root() {
    return root;
  }

  String read(String file) {
    return read(root.resolve(file));
  }

  /** The modules of the root pom, in its order. */
  List<String> modules() {
    Matcher m = MODULE.matcher(read("pom.xml"));
    return m.results().map(r -> r.group(1)).toList();
  }

  /** Every .java file under the module's src/main, package-info and module-info included. */
  List<Path> mainSources(String module) {
    return javaFiles(root.resolve(module).resolve("src/main"));
  }

  /** Every .java file under the module's src, main and test sources alike. */
  List<Path> allSources(String module) {
    return javaFiles(root.resolve(module).resolve("src"));
  }

  private static List<Path> javaFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file's text. */
  static String text(Path file) {
    return read(file);
  }

  /** Lines as {@code wc -l} counts them: newline characters. */
  static long lines(Path file) {
    return read(file).chars().filter(c -> c == '\n').count();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
