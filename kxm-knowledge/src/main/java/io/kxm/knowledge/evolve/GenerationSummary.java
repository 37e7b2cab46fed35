package io.kxm.knowledge.evolve;

/**
 * One generation's scores, for progress and the report.
 *
 * @param tasks tasks attempted in this generation
 * @param attempts finished attempts (scored or not)
 * @param meanScore the mean score of scored attempts; 0 when none was scored
 * @param bestScore the best score of the generation
 * @param solvedTasks tasks this generation solved
 * @param solvedSoFar tasks solved in this generation or an earlier one
 */
public record GenerationSummary(
    int generation,
    String phase,
    int tasks,
    int attempts,
    int scored,
    double meanScore,
    double bestScore,
    int solvedTasks,
    int solvedSoFar) {}
