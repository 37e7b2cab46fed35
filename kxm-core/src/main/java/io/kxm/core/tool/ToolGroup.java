package io.kxm.core.tool;

/** The families of agent tools. */
public enum ToolGroup {
  PEERS,
  WORKFLOWS,
  CONTEXT,
  RESERVATIONS
}
