package io.kxm.hub.console;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The console's static files, read from the hub jar ({@code io/kxm/hub/console/}), with their
 * content type, a cache rule and the console's Content-Security-Policy. The vendored libraries are
 * copied there from their WebJars by the build, so nothing is fetched at run time.
 */
final class ConsoleAssets {
  private static final String ROOT = "io/kxm/hub/console/";
  // Lower-case names in folders, one known extension: no '..', no absolute paths, no surprises.
  private static final Pattern SAFE =
      Pattern.compile("([a-z0-9][a-z0-9._-]*/){0,3}[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final Map<String, String> TYPES =
      Map.of(
          "js", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8",
          "html", "text/html; charset=utf-8",
          "svg", "image/svg+xml",
          "json", "application/json");

  /** Scripts, styles, data and images from this origin only; no inline script, no framing. */
  static final String CSP =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " connect-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none';"
          + " base-uri 'none'";

  private ConsoleAssets() {}

  /** Answers with the file at {@code path} under the console folder, or 404. */
  static void serve(Context ctx, String path) {
    if (path.length() > 200 || !SAFE.matcher(path).matches() || path.contains("..")) {
      throw notFound(path);
    }
    String type = Optional.ofNullable(TYPES.get(extension(path))).orElseThrow(() -> notFound(path));
    byte[] bytes = read(path).orElseThrow(() -> notFound(path));
    secure(ctx);
    // Vendored libraries sit under a versioned folder and never change; our own files may.
    ctx.header("Cache-Control", path.startsWith("vendor/") ? "public, max-age=604800" : "no-cache");
    ctx.contentType(type).result(bytes);
  }

  /** The headers every console response carries. */
  static void secure(Context ctx) {
    ctx.header("Content-Security-Policy", CSP);
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "no-referrer");
    ctx.header("X-Frame-Options", "DENY");
  }

  static Optional<byte[]> read(String path) {
    try (InputStream in = ConsoleAssets.class.getClassLoader().getResourceAsStream(ROOT + path)) {
      return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("reading console file " + path, e);
    }
  }

  private static String extension(String path) {
    int dot = path.lastIndexOf('.');
    return dot < 0 ? "" : path.substring(dot + 1);
  }

  private static KxmException notFound(String path) {
    return new KxmException(ErrorCode.NOT_FOUND, "no console file '" + path + "'");
  }
}
