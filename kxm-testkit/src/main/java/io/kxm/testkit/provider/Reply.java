package io.kxm.testkit.provider;

/** What the fake provider answers to one model request: a scripted turn or an HTTP failure. */
public sealed interface Reply permits Turn, HttpFailure {}
