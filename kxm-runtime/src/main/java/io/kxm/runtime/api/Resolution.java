package io.kxm.runtime.api;

/**
 * An answer to a pending interaction.
 *
 * @param approved for an approval: whether it is granted; ignored for a wait
 * @param answer free text for a wait, or a note on an approval; may be null
 * @param by who answered, as the caller names itself (operator name, agent id)
 */
public record Resolution(boolean approved, String answer, String by) {}
