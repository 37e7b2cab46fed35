package io.kxm.cli.dash;

/** The dash's tabs, in the order Tab moves through them; each names the keys it answers. */
enum DashPanel {
  AGENTS("Agents", "NAME / PROJECT / PRESENCE / PURPOSE", ""),
  REQUESTS("Requests", "ID / FROM -> TO / STATUS / BYTES", "c cancel"),
  WORKFLOWS("Workflows", "RUN / WORKFLOW / STATUS / STAGE", "s signal"),
  RUNS("Runs", "RUN / WORKFLOW OR SESSION / STATUS", "c cancel  o events"),
  WAITING("Waiting", "RUN / INTERACTION / KIND / ASKED", "a approve  d deny  r answer  o events"),
  SPEND("Spend", "RUN / TOKENS IN / OUT / COST", ""),
  RESERVATIONS("Reserved", "HOLDER / MODE / PATHS / UNTIL", "");

  private final String title;
  private final String header;
  private final String keys;

  DashPanel(String title, String header, String keys) {
    this.title = title;
    this.header = header;
    this.keys = keys;
  }

  String title() {
    return title;
  }

  String header() {
    return header;
  }

  /** The keys of this panel, for the status line. */
  String keys() {
    return keys;
  }

  DashPanel next(int step) {
    DashPanel[] all = values();
    return all[Math.floorMod(ordinal() + step, all.length)];
  }
}
