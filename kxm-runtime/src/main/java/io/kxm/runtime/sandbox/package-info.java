/**
 * The opt-in sandbox for unattended child processes (gate commands, harness turns): one wrapper
 * builder, {@link io.kxm.runtime.sandbox.Sandbox}, that puts an argument list inside bubblewrap
 * ({@code bwrap}). See docs/runtime-sandbox.md for what it enforces.
 */
package io.kxm.runtime.sandbox;
