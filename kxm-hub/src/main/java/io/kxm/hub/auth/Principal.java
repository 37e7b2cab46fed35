package io.kxm.hub.auth;

import java.util.Optional;

/** Who a request speaks for, proven by its bearer token. */
public sealed interface Principal {

  /** {@code admin} or {@code project}: the word used on the wire and in the log. */
  String kind();

  /** The project a project token is scoped to; empty for the admin. */
  Optional<String> project();

  /** Holder of the admin token: every admin route, and every project without its own token. */
  record Admin() implements Principal {
    @Override
    public String kind() {
      return "admin";
    }

    @Override
    public Optional<String> project() {
      return Optional.empty();
    }
  }

  /** Holder of one project's token. */
  record Project(String name) implements Principal {
    public Project {
      ProjectNames.require(name);
    }

    @Override
    public String kind() {
      return "project";
    }

    @Override
    public Optional<String> project() {
      return Optional.of(name);
    }
  }
}
