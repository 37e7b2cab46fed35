package io.kxm.knowledge.evolve;

import java.time.Instant;

/**
 * A finished attempt as stored: its outcome and, when it was scored, its evaluation.
 *
 * @param score null when the attempt was not scored (error, silent failure)
 * @param entryId the knowledge entry that carries the attempt for forums and distilling
 */
public record AttemptRecord(
    AttemptKey key,
    String status,
    String answer,
    Double score,
    boolean solved,
    String detail,
    String entryId,
    Instant finishedAt) {}
