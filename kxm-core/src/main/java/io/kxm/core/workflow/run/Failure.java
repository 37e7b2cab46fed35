package io.kxm.core.workflow.run;

import java.time.Instant;

/** Why and where a failed run ended. */
public record Failure(FailureReason reason, String stageId, String detail, Instant at) {}
