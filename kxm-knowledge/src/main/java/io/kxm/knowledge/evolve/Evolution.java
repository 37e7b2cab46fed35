package io.kxm.knowledge.evolve;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import io.kxm.knowledge.Bundles;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The generation loop. Each generation assigns its tasks to agents of the population, stores every
 * attempt's seed, runs the attempts one by one through the producer, scores and commits each before
 * the next starts, then runs forum rounds and distilling when asked. The next generation's seeds
 * hold what those left behind. Solved tasks leave the loop unless {@code keepSolved}.
 *
 * <p>Everything is decided from the database, so running the loop again over the same database
 * resumes it: a finished attempt is never repeated, a started generation keeps its stored seeds,
 * and a generation cut off in its forum or distilling phase continues from that phase.
 */
public final class Evolution {
  private final List<EvolveTask> tasks;
  private final Map<String, EvolveTask> byId;
  private final EvolveSettings settings;
  private final EvolutionLog store;
  private final AttemptProducer producer;
  private final AttemptEvaluator evaluator;
  private final KnowledgePhases knowledge;
  private final EvolutionListener listener;
  private final Clock clock;
  private final SeedBuilder seeds;

  private Evolution(Builder b) {
    this.tasks = List.copyOf(b.tasks);
    this.byId = tasks.stream().collect(Collectors.toMap(EvolveTask::id, t -> t));
    this.settings = b.settings;
    this.store = b.store;
    this.producer = b.producer;
    this.evaluator = b.evaluator;
    this.knowledge = b.knowledge;
    this.listener = b.listener;
    this.clock = b.clock;
    this.seeds = new SeedBuilder(store, settings.memory(), b.projectRoot);
  }

  public static Builder builder() {
    return new Builder();
  }

  public EvolutionResult run() throws InterruptedException {
    tasks.forEach(evaluator::check);
    store.begin(Tokens.sha256Hex(Json.write(tasks)), settings, clock.instant());
    injectSeedBundle();
    boolean stoppedEarly = false;
    for (int g = 1; g <= settings.generations(); g++) {
      GenerationPhase phase = store.phase(g).orElse(null);
      List<String> active;
      if (phase == null) {
        active = activeTasks(g);
        if (active.isEmpty()) {
          listener.note("every task is solved; no generation " + g + " is needed");
          stoppedEarly = true;
          break;
        }
        List<SeedPackage> built = new ArrayList<>();
        for (AttemptKey key : assignments(g, active)) {
          built.add(seeds.build(key, byId.get(key.taskId())));
        }
        store.startGeneration(g, active, built, clock.instant());
        phase = GenerationPhase.ATTEMPTS;
        listener.generationStarted(g, active, false);
      } else {
        active = generationTasks(g);
        listener.generationStarted(g, active, true);
      }
      phase = runFrom(g, phase, active);
    }
    List<GenerationSummary> summaries = store.summaries();
    int solved = summaries.isEmpty() ? 0 : summaries.getLast().solvedSoFar();
    return new EvolutionResult(summaries, tasks.size(), solved, stoppedEarly);
  }

  /**
   * Imports the exported bundle named by the settings. Importing is idempotent, so a resumed run
   * imports it again without adding anything twice.
   */
  private void injectSeedBundle() {
    if (settings.seedBundle() == null) {
      return;
    }
    if (!settings.memory()) {
      listener.note("seed bundle skipped: memory is off");
      return;
    }
    Bundles.Injected injected =
        Bundles.inject(store.database(), Bundles.read(settings.seedBundle()));
    listener.note(
        "seed bundle "
            + settings.seedBundle()
            + ": "
            + injected.added()
            + " entries added, "
            + injected.alreadyPresent()
            + " already present");
  }

  private GenerationPhase runFrom(int g, GenerationPhase from, List<String> active)
      throws InterruptedException {
    GenerationPhase phase = from;
    if (phase == GenerationPhase.ATTEMPTS) {
      listener.phaseStarted(g, phase);
      new AttemptRunner(store, producer, evaluator, listener, clock).run(g, byId);
      phase = advance(g, GenerationPhase.FORUM);
    }
    List<EvolveTask> generationTasks = active.stream().map(byId::get).toList();
    if (phase == GenerationPhase.FORUM) {
      if (wantsForum()) {
        listener.phaseStarted(g, phase);
        knowledge.forum(g, generationTasks, store.attempts(g));
      }
      phase = advance(g, GenerationPhase.DISTILL);
    }
    if (phase == GenerationPhase.DISTILL) {
      if (wantsDistill()) {
        listener.phaseStarted(g, phase);
        knowledge.distill(g, generationTasks, activeTasks(g + 1));
      }
      phase = advance(g, GenerationPhase.DONE);
    }
    store.summaries().stream()
        .filter(s -> s.generation() == g)
        .findFirst()
        .ifPresent(listener::generationFinished);
    return phase;
  }

  private boolean wantsForum() {
    boolean asked = settings.perTaskForumRounds() > 0 || settings.crossTaskForumRounds() > 0;
    if (asked && !settings.memory()) {
      listener.note("forum rounds skipped: memory is off");
    }
    return asked && settings.memory() && knowledgeAvailable("forum rounds");
  }

  private boolean wantsDistill() {
    if (settings.distill() && !settings.memory()) {
      listener.note("distilling skipped: memory is off");
    }
    return settings.distill() && settings.memory() && knowledgeAvailable("distilling");
  }

  private boolean knowledgeAvailable(String what) {
    if (knowledge == null) {
      listener.note(what + " skipped: no knowledge phases were configured");
      return false;
    }
    return true;
  }

  private GenerationPhase advance(int g, GenerationPhase next) {
    store.setPhase(g, next, clock.instant());
    return next;
  }

  /** The tasks generation {@code g} attempts: all of them, less those solved before it. */
  private List<String> activeTasks(int g) {
    Set<String> solved = settings.keepSolved() ? Set.of() : store.solvedBefore(g);
    return tasks.stream().map(EvolveTask::id).filter(id -> !solved.contains(id)).toList();
  }

  private List<String> generationTasks(int g) {
    Set<String> ids = new LinkedHashSet<>();
    store.seeds(g).forEach(s -> ids.add(s.key().taskId()));
    return List.copyOf(ids);
  }

  /**
   * Task number {@code i} (its place among all tasks by id) goes to agents {@code i + k} for
   * attempts {@code k = 1..attemptsPerTask}, counted around the population. The place among all
   * tasks, not among the active ones, keeps a task with the same agents in every generation, so a
   * later success comes from what the seed carries rather than from a different agent.
   */
  List<AttemptKey> assignments(int g, List<String> active) {
    List<String> all = tasks.stream().map(EvolveTask::id).toList();
    List<AttemptKey> keys = new ArrayList<>();
    for (String id : active) {
      int i = all.indexOf(id);
      for (int k = 1; k <= settings.attemptsPerTask(); k++) {
        int agent = Math.floorMod(i + k - 1, settings.population()) + 1;
        keys.add(new AttemptKey(g, id, "agent-" + agent, k));
      }
    }
    return keys;
  }

  /** Assembles an evolution; tasks, settings, store, producer and evaluator are required. */
  public static final class Builder {
    private List<EvolveTask> tasks;
    private EvolveSettings settings = EvolveSettings.defaults();
    private EvolutionLog store;
    private AttemptProducer producer;
    private AttemptEvaluator evaluator = new ExactMatchEvaluator();
    private KnowledgePhases knowledge;
    private EvolutionListener listener = EvolutionListener.NONE;
    private Clock clock = Clock.systemUTC();
    private Path projectRoot;

    private Builder() {}

    public Builder tasks(List<EvolveTask> tasks) {
      this.tasks = tasks;
      return this;
    }

    public Builder settings(EvolveSettings settings) {
      this.settings = settings;
      return this;
    }

    public Builder store(EvolutionLog store) {
      this.store = store;
      return this;
    }

    public Builder producer(AttemptProducer producer) {
      this.producer = producer;
      return this;
    }

    public Builder evaluator(AttemptEvaluator evaluator) {
      this.evaluator = evaluator;
      return this;
    }

    /**
     * The project whose memory brief ({@code .kxm/memory}, promoted skills) goes into every seed;
     * without one, seeds carry no brief and say so.
     */
    public Builder projectRoot(Path projectRoot) {
      this.projectRoot = projectRoot;
      return this;
    }

    /** Forum rounds and distilling; without them those phases are skipped with a note. */
    public Builder knowledge(KnowledgePhases knowledge) {
      this.knowledge = knowledge;
      return this;
    }

    public Builder listener(EvolutionListener listener) {
      this.listener = listener;
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    public Evolution build() {
      if (tasks == null || tasks.isEmpty() || store == null || producer == null) {
        throw new IllegalStateException("an evolution needs tasks, a store and a producer");
      }
      return new Evolution(this);
    }
  }
}
