/**
 * The one reader of server-sent events: every client of the hub, the supervisor and the model
 * providers, the testkit and bench read {@code text/event-stream} bodies through {@link
 * io.kxm.core.sse.SseReader}, so line endings, field rules and limits on a peer are the same
 * everywhere.
 */
package io.kxm.core.sse;
