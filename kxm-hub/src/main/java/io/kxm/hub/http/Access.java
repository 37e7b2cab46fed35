package io.kxm.hub.http;

/** Who may call a route. Routes registered without one need {@link #AUTHENTICATED}. */
public enum Access {
  /** No credential: liveness, readiness, and routes that prove themselves otherwise (webhooks). */
  PUBLIC,
  /** Any valid bearer token, admin or project. */
  AUTHENTICATED,
  /** The admin token only. */
  ADMIN
}
