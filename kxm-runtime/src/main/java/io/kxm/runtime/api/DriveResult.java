package io.kxm.runtime.api;

/**
 * How a drive stopped.
 *
 * @param outcome {@code terminal} (the run finished), {@code handoff} (parked: it waits for an
 *     answer, or needs something this drive cannot do) or {@code unsettled} (blocked on an unproven
 *     gate, or stopped before its attempts settled)
 */
public record DriveResult(RunDetail run, String outcome, Receipt receipt) {}
