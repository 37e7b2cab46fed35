package io.kxm.session.provider;

/**
 * One server-sent event.
 *
 * @param event the {@code event:} name; empty when the frame had none
 * @param data the {@code data:} lines joined by newlines
 */
record SseFrame(String event, String data) {}
