package io.kxm.core.peer;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * An agent registered in the caller's project, as {@code kxm_list} shows it. Agent keys are never
 * part of it.
 *
 * @param id agent ID
 * @param name agent name, unique in the project ignoring case
 * @param purpose what the agent is for, as it declared
 * @param project the project
 * @param connectedAt when its current registration began
 * @param lastSeenAt its last heartbeat or call
 * @param leaseExpiresAt when its presence lease runs out
 * @param presence online, stale or offline
 * @param model the model it declared, if any
 * @param host the host it declared, if any
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentInfo(
    String id,
    String name,
    String purpose,
    String project,
    Instant connectedAt,
    Instant lastSeenAt,
    Instant leaseExpiresAt,
    Presence presence,
    String model,
    String host) {}
