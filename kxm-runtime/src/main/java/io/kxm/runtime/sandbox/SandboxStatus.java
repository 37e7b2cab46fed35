package io.kxm.runtime.sandbox;

/**
 * Whether the sandbox can run here, as {@code kxm runtime status} reports it.
 *
 * @param tool the tool the sandbox is built on, {@code bwrap}
 * @param path the tool's absolute path; null when it was not found
 * @param detail what was found, or why the sandbox cannot run
 */
public record SandboxStatus(boolean available, String tool, String path, String detail) {}
