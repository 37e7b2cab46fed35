/**
 * Storage of webhook workflow runs and their journal. A run row pins the secret-free definition the
 * run started with and repeats what the fold of its history says (status, stage, prompt, deadline)
 * for lists and sweeps; the history rows are the truth. Beside them, the digests of accepted
 * webhook and signal signatures let every node refuse a replayed one. See {@link
 * io.kxm.store.workflow.WorkflowPorts} for how {@code Tx} and {@code Store} hand the ports out.
 */
package io.kxm.store.workflow;
