package io.kxm.core.workflow.provenance;

/**
 * What cited peer evidence must match: the run, its project and coordinator, and the attempt of the
 * stage being checkpointed.
 */
public record ProvenanceScope(
    String runId, String project, String coordinator, String stageId, int attempt) {}
