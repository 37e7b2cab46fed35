package io.kxm.testkit;

import io.kxm.core.agent.AgentKeys;
import io.kxm.core.agent.AgentRegistration;
import java.time.Duration;

/** {@code anAgent("alice").inProject("p1").withKey(key).build()}. */
public final class AgentRegistrationBuilder {
  private final String name;
  private String project = "test-project";
  private String purpose = "tests things";
  private String model;
  private String host;
  private String key = AgentKeys.generate();
  private Duration presence = Duration.ofMinutes(1);

  private AgentRegistrationBuilder(String name) {
    this.name = name;
  }

  public static AgentRegistrationBuilder anAgent(String name) {
    return new AgentRegistrationBuilder(name);
  }

  public AgentRegistrationBuilder inProject(String value) {
    project = value;
    return this;
  }

  public AgentRegistrationBuilder purpose(String value) {
    purpose = value;
    return this;
  }

  public AgentRegistrationBuilder model(String value) {
    model = value;
    return this;
  }

  public AgentRegistrationBuilder host(String value) {
    host = value;
    return this;
  }

  /** The raw key; the registration carries only its hash. */
  public AgentRegistrationBuilder withKey(String value) {
    key = value;
    return this;
  }

  public AgentRegistrationBuilder presence(Duration value) {
    presence = value;
    return this;
  }

  public AgentRegistration build() {
    return new AgentRegistration(
        project, name, purpose, model, host, AgentKeys.hash(key), presence);
  }
}
