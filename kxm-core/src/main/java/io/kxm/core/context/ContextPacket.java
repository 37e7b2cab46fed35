package io.kxm.core.context;

import tools.jackson.databind.node.ObjectNode;

/**
 * A built packet and the audit of how it was built.
 *
 * @param packet {@code {"role", "items": [...]}}, what the agent reads
 * @param audit the request echoed back, the chosen ids with why, what was left out, provenance
 *     counts and the token estimate
 * @param tokenEstimate {@link TokenEstimate} of the packet's JSON text, never above the budget
 */
public record ContextPacket(ObjectNode packet, ObjectNode audit, int tokenEstimate) {}
