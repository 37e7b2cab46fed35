package io.kxm.runtime.api;

/**
 * The revision hashes a run pins when it is created: hex SHA-256 over the canonical content of each
 * part of the reviewed configuration. A run whose current revisions differ is refused.
 *
 * @param bundle project.yaml, agents/, models/, workflows/ and gates.yaml
 * @param memory memory/ and skills/
 * @param executorPolicy what decides how steps run: routes.yaml and roles/
 * @param toolPolicy what decides which tools agents may use (the tool-policy parts of agents)
 */
public record Revisions(String bundle, String memory, String executorPolicy, String toolPolicy) {}
