/**
 * Live drives of runtime runs: the producer that answers a run's agent steps by running each
 * agent's routed harness through the same adapters sessions use, read-only or writing in the run's
 * worktree, and reports what the attempt used.
 */
package io.kxm.session.drive;
