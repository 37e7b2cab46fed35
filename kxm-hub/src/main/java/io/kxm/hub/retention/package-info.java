/**
 * Every retention purge of the hub's store in one list ({@link io.kxm.hub.retention.HubRetention}),
 * for {@code kxm gc}: the same store calls and windows as the hub's own sweepers.
 */
package io.kxm.hub.retention;
