package io.kxm.runtime.config;

/** The kinds of file under {@code .kxm/}, each with its own schema. */
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
  CONFIG("config");

  private final String schemaName;

  ConfigKind(String schemaName) {
    this.schemaName = schemaName;
  }

  String schemaName() {
    return schemaName;
  }
}
