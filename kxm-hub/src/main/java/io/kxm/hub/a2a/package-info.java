/**
 * Hub agents as A2A agents: an agent card per exposed agent and a JSON-RPC endpoint whose tasks are
 * the hub's durable requests. Both wire versions, 1.0 and 0.3, are served from one endpoint; the
 * method name says which one a call speaks.
 */
package io.kxm.hub.a2a;
