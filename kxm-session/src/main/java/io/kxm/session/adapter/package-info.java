/**
 * What the adapters for agent CLIs (Claude Code, Codex, Pi) share: finding and probing the CLI
 * ({@link io.kxm.session.adapter.CliBinary}), building its environment ({@link
 * io.kxm.session.adapter.AdapterEnvironment}) and describing the {@code kxm mcp} server it starts
 * for the kxm tools ({@link io.kxm.session.adapter.KxmMcpServer}). Each CLI's adapter lives in a
 * subpackage and turns the CLI's own output format into harness outputs through a {@link
 * io.kxm.session.harness.TurnProtocol}. See docs/agent-adapters.md.
 */
package io.kxm.session.adapter;
