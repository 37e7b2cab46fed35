/**
 * Studio's layout of a workflow: a runtime workflow ({@code .kxm/workflows/}) or a hub webhook
 * workflow ({@code .kxm/webhooks/}) as a layered DAG, a stepper and swimlanes, in one JSON shape
 * (docs/studio.md) that {@code kxm studio layout} prints and the web console draws.
 */
package io.kxm.runtime.studio;
