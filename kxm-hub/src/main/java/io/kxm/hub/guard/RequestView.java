package io.kxm.hub.guard;

/**
 * The parts of an HTTP request the browser rules look at, independent of Javalin and of the servlet
 * API so that the Javalin pipeline and a servlet {@code Filter} apply the same rules.
 *
 * @param method the request method, upper case
 * @param host the {@code Host} header, or null
 * @param origin the {@code Origin} header, or null
 * @param contentType the {@code Content-Type} header, or null
 * @param contentLength the declared body length, or -1 when not declared
 * @param chunked whether the body comes with {@code Transfer-Encoding} instead of a length
 */
public record RequestView(
    String method,
    String host,
    String origin,
    String contentType,
    long contentLength,
    boolean chunked) {

  /** Whether the request carries a body at all. */
  public boolean hasBody() {
    return contentLength > 0 || chunked;
  }

  /** Whether the method is one that sends a JSON body to this API. */
  public boolean writesBody() {
    return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
  }
}
