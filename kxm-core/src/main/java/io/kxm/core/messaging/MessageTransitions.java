package io.kxm.core.messaging;

import static io.kxm.core.messaging.MessageStatus.CANCELLED;
import static io.kxm.core.messaging.MessageStatus.DELIVERED;
import static io.kxm.core.messaging.MessageStatus.EXPIRED;
import static io.kxm.core.messaging.MessageStatus.QUEUED;
import static io.kxm.core.messaging.MessageStatus.REPLIED;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The one table of allowed status changes of a message. A request is born {@code queued}; the
 * recipient may acknowledge it ({@code delivered}) or answer it straight away; the sender may
 * cancel and the TTL may expire it while it is open. The three end states never change again.
 * Stores turn this table into conditional updates, so the database enforces it under races too.
 */
public final class MessageTransitions {
  private static final Map<MessageStatus, Set<MessageStatus>> ALLOWED =
      new EnumMap<>(MessageStatus.class);

  static {
    ALLOWED.put(QUEUED, frozen(EnumSet.of(DELIVERED, REPLIED, CANCELLED, EXPIRED)));
    ALLOWED.put(DELIVERED, frozen(EnumSet.of(REPLIED, CANCELLED, EXPIRED)));
    ALLOWED.put(REPLIED, frozen(EnumSet.noneOf(MessageStatus.class)));
    ALLOWED.put(CANCELLED, frozen(EnumSet.noneOf(MessageStatus.class)));
    ALLOWED.put(EXPIRED, frozen(EnumSet.noneOf(MessageStatus.class)));
  }

  private MessageTransitions() {}

  public static boolean allowed(MessageStatus from, MessageStatus to) {
    return ALLOWED.get(from).contains(to);
  }

  /** Every status a message may move to from {@code from}; empty for end states. */
  public static Set<MessageStatus> targetsOf(MessageStatus from) {
    return ALLOWED.get(from);
  }

  /** Every status a message may be in to move to {@code to}; empty for {@code queued}. */
  public static Set<MessageStatus> sourcesOf(MessageStatus to) {
    EnumSet<MessageStatus> sources = EnumSet.noneOf(MessageStatus.class);
    ALLOWED.forEach((from, targets) -> {
      if (targets.contains(to)) {
        sources.add(from);
      }
    });
    return Collections.unmodifiableSet(sources);
  }

  private static Set<MessageStatus> frozen(EnumSet<MessageStatus> set) {
    return Collections.unmodifiableSet(set);
  }
}
