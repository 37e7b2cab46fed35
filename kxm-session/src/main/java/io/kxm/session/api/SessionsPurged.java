package io.kxm.session.api;

import java.util.List;

/**
 * What one retention purge of the session store removed (or, counted, would remove).
 *
 * @param runIds the ended session runs deleted with their events, interactions and sync rows
 * @param sessions how many sessions were deleted whole
 */
public record SessionsPurged(List<String> runIds, int sessions) {
  public SessionsPurged {
    runIds = List.copyOf(runIds);
  }
}
