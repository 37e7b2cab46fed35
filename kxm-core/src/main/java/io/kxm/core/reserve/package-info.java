/**
 * File reservations: the path globs an agent reserves below a repository root ({@link
 * io.kxm.core.reserve.PathGlob}), whether a concrete path falls under one, and whether two globs
 * can both match some path ({@link io.kxm.core.reserve.GlobOverlap}, decided exactly, with a
 * shortest shared path as the witness).
 */
package io.kxm.core.reserve;
