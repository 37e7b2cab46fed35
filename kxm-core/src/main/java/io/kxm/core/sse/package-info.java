/**
 * The one reader and the one writer of server-sent events. Every client of the hub, the supervisor
 * and the model providers, the testkit and bench read {@code text/event-stream} bodies through
 * {@link io.kxm.core.sse.SseReader}, so line endings, field rules and limits on a peer are the same
 * everywhere; the hub's and the supervisor's streams and the testkit's model provider write frames
 * through {@link io.kxm.core.sse.SseWriter}, so buffering, the spill size and line breaks inside
 * data are handled once.
 */
package io.kxm.core.sse;
