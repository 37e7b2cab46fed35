package io.kxm.runtime.memory;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Reads every {@code *.md} file directly inside {@code .kxm/memory/} or {@code .kxm/skills/}. Files
 * are bounded in size and count so a hostile tree stays cheap; links are refused because they could
 * brief an agent with text from outside the reviewed tree. Other files and sub-folders are not
 * read.
 */
public final class MemoryFiles {
  /** Largest file read, in bytes. */
  public static final int MAX_FILE_BYTES = 64 * 1024;

  /** Most Markdown files read from one folder. */
  public static final int MAX_FILES = 256;

  private MemoryFiles() {}

  /**
   * The folder's files sorted by name; empty when the folder is absent.
   *
   * @throws KxmException {@code memory_invalid} naming the first bad file, or two files sharing a
   *     name
   */
  public static List<MemoryFile> load(Path projectRoot, MemoryKind kind) {
    Path folder = projectRoot.resolve(".kxm").resolve(kind.folder());
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    List<Path> paths = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*.md")) {
      for (Path entry : entries) {
        paths.add(entry);
        if (paths.size() > MAX_FILES) {
          throw FrontMatter.invalid(
              ".kxm/" + kind.folder(), "holds more than " + MAX_FILES + " Markdown files");
        }
      }
    } catch (IOException e) {
      throw unreadable(folder, e);
    }
    paths.sort(Comparator.comparing(p -> p.getFileName().toString()));
    List<MemoryFile> files = new ArrayList<>();
    Map<String, String> pathByName = new HashMap<>();
    for (Path file : paths) {
      MemoryFile parsed = read(kind, file);
      String earlier = pathByName.putIfAbsent(parsed.name(), parsed.path());
      if (earlier != null) {
        throw FrontMatter.invalid(
            parsed.path(), "name '" + parsed.name() + "' is already used by " + earlier);
      }
      files.add(parsed);
    }
    files.sort(Comparator.comparing(MemoryFile::name));
    return List.copyOf(files);
  }

  private static MemoryFile read(MemoryKind kind, Path file) {
    String path = relative(kind, file);
    if (Files.isSymbolicLink(file) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw FrontMatter.invalid(path, "is a link or not a regular file; commit the file itself");
    }
    byte[] bytes;
    try {
      if (Files.size(file) > MAX_FILE_BYTES) {
        throw FrontMatter.invalid(path, "is larger than " + MAX_FILE_BYTES + " bytes");
      }
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw unreadable(file, e);
    }
    FrontMatter.Parsed parsed = FrontMatter.parse(path, utf8(path, bytes));
    return new MemoryFile(
        kind,
        path,
        parsed.name(),
        parsed.description(),
        parsed.tags(),
        parsed.body(),
        sha256(bytes));
  }

  private static String utf8(String path, byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw FrontMatter.invalid(path, "is not UTF-8 text");
    }
  }

  /** Hex SHA-256 of {@code bytes}. */
  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static String relative(MemoryKind kind, Path file) {
    return ".kxm/" + kind.folder() + "/" + file.getFileName();
  }

  private static KxmException unreadable(Path path, IOException e) {
    return new KxmException(
        ErrorCode.MEMORY_INVALID, "cannot read " + path + ": " + e.getMessage());
  }
}
