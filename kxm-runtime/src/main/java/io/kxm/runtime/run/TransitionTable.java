package io.kxm.runtime.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The allowed changes of one state machine, written out in full so that a reader sees every edge in
 * one place and the fold can refuse anything else.
 */
public final class TransitionTable<S extends Enum<S>> {
  private final String machine;
  private final Class<S> type;
  private final Map<S, Set<S>> edges;

  private TransitionTable(String machine, Class<S> type) {
    this.machine = machine;
    this.type = type;
    this.edges = new EnumMap<>(type);
  }

  public static <S extends Enum<S>> TransitionTable<S> of(String machine, Class<S> type) {
    return new TransitionTable<>(machine, type);
  }

  @SafeVarargs
  final TransitionTable<S> allow(S from, S... to) {
    Set<S> targets = edges.computeIfAbsent(from, k -> EnumSet.noneOf(type));
    for (S target : to) {
      targets.add(target);
    }
    return this;
  }

  public boolean allows(S from, S to) {
    return edges.getOrDefault(from, Set.of()).contains(to);
  }

  /** The states reachable from {@code from} in one step; empty for a terminal state. */
  public Set<S> next(S from) {
    Set<S> out = edges.get(from);
    return out == null ? EnumSet.noneOf(type) : EnumSet.copyOf(out);
  }

  /** Throws {@code run_transition_refused} naming the object when the edge is not in the table. */
  public void require(S from, S to, String subject) {
    if (!allows(from, to)) {
      throw new KxmException(
          ErrorCode.RUN_TRANSITION_REFUSED,
          machine
              + " "
              + subject
              + " cannot go from "
              + wire(from)
              + " to "
              + wire(to)
              + "; allowed from "
              + wire(from)
              + ": "
              + next(from).stream().map(TransitionTable::wire).toList());
    }
  }

  private static String wire(Enum<?> state) {
    return state.name().toLowerCase(java.util.Locale.ROOT);
  }
}
