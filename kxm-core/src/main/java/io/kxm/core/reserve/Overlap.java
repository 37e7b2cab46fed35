package io.kxm.core.reserve;

/**
 * A glob asked for that meets a glob already held.
 *
 * @param example a path both globs match, to show the user
 */
public record Overlap(PathGlob wanted, PathGlob held, String example) {}
