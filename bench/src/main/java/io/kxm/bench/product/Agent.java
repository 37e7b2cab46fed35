package io.kxm.bench.product;

/** An agent registered for a run: its id, its key, and the name peers address it by. */
public record Agent(String id, String key, String name) {}
