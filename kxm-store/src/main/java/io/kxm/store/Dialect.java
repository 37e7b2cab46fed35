package io.kxm.store;

/** The two databases KXM runs on. */
public enum Dialect {
  /** One file next to the project; the default. */
  SQLITE,
  /** A shared server, for several hub nodes. */
  POSTGRES;

  /** The folder of this dialect's migrations under {@code db/migration/}. */
  public String folder() {
    return this == SQLITE ? "sqlite" : "postgres";
  }
}
