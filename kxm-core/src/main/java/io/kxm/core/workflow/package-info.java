/**
 * Signed webhook workflows, as a pure domain: no HTTP, no SQL, no clock reads.
 *
 * <ul>
 *   <li>{@code definition}: the JSON definitions, their schema, canonical form and hash, and the
 *       prompt template.
 *   <li>{@code run}: the lifecycle. {@link io.kxm.core.workflow.run.WorkflowRunTransition} is the
 *       one table of moves; a run is {@link io.kxm.core.workflow.run.WorkflowRunFold the fold} of
 *       its history; deciders ({@code Checkpoints}, {@code Waits}, {@code Signals}, {@code
 *       Degrades}, {@code CoordinatorEvents}, {@code WorkflowRunStart}) turn a command and {@code
 *       now} into records to append or a refusal, and never write.
 *   <li>{@code provenance}: checks cited peer replies against the hub's own records.
 *   <li>{@code signature}: HMAC-SHA256 signatures with a replay window, and the secrets they use.
 *   <li>{@code journal}: journal entries, the improvement report and retrospectives (redacted with
 *       {@code io.kxm.core.secret.Redactor}).
 * </ul>
 *
 * <p>A surface handles a command in four steps: read the stored run (with the definition it started
 * with), decide, append the records under the version read, and retry the decision on a version
 * conflict.
 */
package io.kxm.core.workflow;
