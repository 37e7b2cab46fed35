package io.kxm.core.metrics;

/**
 * A binder whose gauges read one snapshot that is taken once per scrape, not once per gauge: a
 * count of agents by presence, say, is one pass over the agents rather than one per state. {@link
 * HubMetrics#scrape()} calls {@link #refresh()} before it writes the text.
 */
public interface RefreshedAtScrape {
  /** Takes the snapshot; a failure leaves the previous one in place and is not the scrape's. */
  void refresh();
}
