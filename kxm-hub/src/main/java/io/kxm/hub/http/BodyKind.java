package io.kxm.hub.http;

/** What a route accepts as a request body. */
public enum BodyKind {
  /**
   * A JSON object: POST, PUT and PATCH bodies must be {@code application/json} and well-formed,
   * checked before authentication.
   */
  JSON,
  /** Anything, size-limited only; the route reads and checks the bytes itself. */
  RAW
}
