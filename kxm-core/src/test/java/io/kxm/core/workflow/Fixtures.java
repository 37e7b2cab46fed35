package io.kxm.core.workflow;

import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.definition.EvidencePolicy;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.TransitionEdge;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.journal.ImprovementArea;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builders for definitions in tests: a coordinator "lead" in project "demo". */
public final class Fixtures {
  public static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
  public static final String PAYLOAD_HASH = Tokens.sha256Hex("{}");

  private Fixtures() {}

  public static StageBuilder stage(String id) {
    return new StageBuilder(id);
  }

  public static WorkflowDefinition workflow(StageBuilder... stages) {
    return workflow(20, stages);
  }

  public static WorkflowDefinition workflow(int maxTransitions, StageBuilder... stages) {
    return new WorkflowDefinition(
        "release",
        "demo",
        "lead",
        "Review {{payload.repo}}",
        "KXM_RELEASE_SECRET",
        null,
        null,
        null,
        maxTransitions,
        java.util.Arrays.stream(stages).map(StageBuilder::build).toList());
  }

  /** A stage with one required key "tests" and three attempts unless told otherwise. */
  public static final class StageBuilder {
    private final String id;
    private List<String> evidence = List.of("tests");
    private int maxAttempts = 3;
    private final Map<String, EvidencePolicy> peers = new LinkedHashMap<>();
    private final Map<String, TransitionEdge> on = new LinkedHashMap<>();
    private Integer maxTransitions;
    private Integer autoResumeLimit;

    StageBuilder(String id) {
      this.id = id;
    }

    public StageBuilder evidence(String... keys) {
      this.evidence = List.of(keys);
      return this;
    }

    public StageBuilder attempts(int maxAttempts) {
      this.maxAttempts = maxAttempts;
      return this;
    }

    public StageBuilder peers(String key, int quorum, boolean degradable, String... producers) {
      peers.put(key, new EvidencePolicy(List.of(producers), quorum, degradable));
      return this;
    }

    public StageBuilder on(String status, String to, Integer budget) {
      on.put(status, new TransitionEdge(to, budget));
      return this;
    }

    public StageBuilder budget(int maxTransitions) {
      this.maxTransitions = maxTransitions;
      return this;
    }

    public StageBuilder escalateAfter(int failures) {
      this.autoResumeLimit = failures;
      return this;
    }

    public StageDefinition build() {
      return new StageDefinition(
          id,
          "Do " + id,
          evidence,
          maxAttempts,
          ImprovementArea.IMPLEMENTATION,
          peers,
          on,
          maxTransitions,
          autoResumeLimit);
    }
  }
}
