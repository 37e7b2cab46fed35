/**
 * The opt-in sandbox for unattended child processes (gate commands, harness turns): one wrapper
 * builder, {@link io.kxm.runtime.sandbox.Sandbox}, that puts an argument list inside bubblewrap
 * ({@code bwrap}), and the relay ({@code SandboxNetwork}) through which a sandboxed harness reaches
 * its model provider and the hub, and nothing else. See docs/runtime-sandbox.md for what it
 * enforces.
 */
package io.kxm.runtime.sandbox;
