package io.kxm.core.tool;

/** The three families of agent tools. */
public enum ToolGroup {
  PEERS,
  WORKFLOWS,
  CONTEXT
}
