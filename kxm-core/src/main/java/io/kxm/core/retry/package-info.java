/**
 * Waiting between failed tries: the one backoff every reconnecting, re-pushing or polling loop
 * uses, built on Failsafe's retry policy.
 */
package io.kxm.core.retry;
