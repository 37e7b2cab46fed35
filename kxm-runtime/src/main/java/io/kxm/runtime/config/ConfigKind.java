package io.kxm.runtime.config;

/**
 * The kinds of configuration file, each with its own schema: those under {@code .kxm/}, and one of
 * the user's.
 */
enum ConfigKind {
  PROJECT("project"),
  AGENT("agent"),
  MODEL("model"),
  WORKFLOW("workflow"),
  GATES("gates"),
  ROUTES("routes"),
  PRICES("prices"),
  ROLE("role"),
  /** {@code config.yaml}: the settings of agent commands run in the folder. */
  CONFIG("config"),
  /** {@code providers.yaml} in the user's configuration folder, never under {@code .kxm/}. */
  PROVIDERS("providers");

  private final String schemaName;

  ConfigKind(String schemaName) {
    this.schemaName = schemaName;
  }

  String schemaName() {
    return schemaName;
  }
}
