package io.kxm.cli.dash;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.DefaultTerminalFactory;
import com.googlecode.lanterna.terminal.Terminal;
import io.kxm.client.ops.OpsFollower;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The live screen, drawn with Lanterna. One thread owns the screen: it takes keys, new readings and
 * resizes from one queue and redraws. Selection is shown in reverse video, so nothing needs colour;
 * every line fits 80 columns.
 */
final class DashScreen {
  /** What wakes the screen thread. */
  private sealed interface Wake {}

  private record Key(KeyStroke stroke) implements Wake {}

  private record Reading(DashSnapshot snapshot) implements Wake {}

  private record Resized() implements Wake {}

  private record Ended(String why) implements Wake {}

  private final DashSources sources;
  private final DashEvents events;
  private final long refreshMillis;
  private final BlockingQueue<Wake> wakes = new LinkedBlockingQueue<>();
  private final Map<DashPanel, Integer> selected = new EnumMap<>(DashPanel.class);
  private volatile DashSnapshot snapshot = DashSnapshot.empty();
  private DashPanel panel = DashPanel.AGENTS;
  private String message = "";
  // non-null while the operator types an answer for this row
  private DashRow answering;
  private final StringBuilder typed = new StringBuilder();
  private volatile boolean running = true;
  private ScheduledExecutorService refresher;
  // the hub's operations stream: each entry asks for a reading at once, so a change shows without
  // waiting for the next timed one
  private OpsFollower follower;
  private final AtomicBoolean readingAsked = new AtomicBoolean();

  DashScreen(DashSources sources, DashEvents events, long refreshMillis) {
    this.sources = sources;
    this.events = events;
    this.refreshMillis = refreshMillis;
  }

  void run() throws IOException, InterruptedException {
    DefaultTerminalFactory factory =
        new DefaultTerminalFactory(System.out, System.in, StandardCharsets.UTF_8);
    factory.setForceTextTerminal(true);
    Terminal terminal = factory.createTerminal();
    Screen screen = new TerminalScreen(terminal);
    terminal.addResizeListener((t, size) -> wakes.add(new Resized()));
    screen.startScreen();
    screen.setCursorPosition(null);
    Thread reader = Thread.ofPlatform().daemon().name("kxm-dash-keys").start(() -> keys(screen));
    refresher =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("kxm-dash-refresh").factory());
    refresher.scheduleWithFixedDelay(
        () -> wakes.add(new Reading(read())), 0, refreshMillis, TimeUnit.MILLISECONDS);
    try {
      draw(screen);
      while (running) {
        Wake wake = wakes.poll(refreshMillis, TimeUnit.MILLISECONDS);
        switch (wake) {
          case null -> {}
          case Key key -> key(key.stroke());
          case Reading reading -> {
            snapshot = reading.snapshot();
            follow();
          }
          case Resized resized -> {}
          case Ended ended -> {
            message = ended.why();
            running = false;
          }
        }
        if (running) {
          screen.doResizeIfNecessary();
          draw(screen);
        }
      }
    } finally {
      running = false;
      refresher.shutdownNow();
      if (follower != null) {
        follower.close();
      }
      reader.interrupt();
      events.close();
      screen.stopScreen();
    }
  }

  private void follow() {
    if (follower == null
        && snapshot.hub() != null
        && snapshot.problems().stream().noneMatch(p -> p.startsWith("hub:"))) {
      follower = sources.follow(snapshot.seq(), this::readSoon);
    }
  }

  /** A reading on the refresh thread, at most one waiting at a time. */
  private void readSoon() {
    if (readingAsked.compareAndSet(false, true)) {
      try {
        refresher.execute(() -> {
          readingAsked.set(false);
          wakes.add(new Reading(read()));
        });
      } catch (RejectedExecutionException e) {
        // the screen is closing: no more readings
      }
    }
  }

  private void keys(Screen screen) {
    try {
      while (running) {
        KeyStroke stroke = screen.readInput();
        if (stroke.getKeyType() == KeyType.EOF) {
          wakes.add(new Ended("the terminal closed"));
          return;
        }
        wakes.add(new Key(stroke));
      }
    } catch (IOException e) {
      wakes.add(new Ended("the terminal failed: " + e.getMessage()));
    }
  }

  private void key(KeyStroke stroke) {
    if (answering != null) {
      typing(stroke);
      return;
    }
    if (events.isOpen()) {
      if (stroke.getKeyType() == KeyType.Escape
          || (stroke.getKeyType() == KeyType.Character
              && (stroke.getCharacter() == 'o' || stroke.getCharacter() == 'q'))) {
        events.close();
        message = "event stream closed";
      }
      return;
    }
    switch (stroke.getKeyType()) {
      case Tab, ArrowRight -> panel = panel.next(1);
      case ReverseTab, ArrowLeft -> panel = panel.next(-1);
      case ArrowUp -> move(-1);
      case ArrowDown -> move(1);
      case Enter -> open();
      case Escape -> message = "";
      case Character -> character(stroke.getCharacter());
      default -> {}
    }
  }

  private void character(char c) {
    if (c >= '1' && c < '1' + DashPanel.values().length) {
      panel = DashPanel.values()[c - '1'];
      return;
    }
    DashRow row = selectedRow();
    switch (c) {
      case 'q' -> running = false;
      case 'j' -> move(1);
      case 'k' -> move(-1);
      case 'a' -> act(row, DashPanel.WAITING, "approve", () -> sources.resolve(row, true, null));
      case 'd' -> act(row, DashPanel.WAITING, "deny", () -> sources.resolve(row, false, null));
      case 'r' -> {
        if (needs(row, DashPanel.WAITING, "answer")) {
          answering = row;
          typed.setLength(0);
        }
      }
      case 'c' -> cancel(row);
      case 's' ->
          message =
              panel == DashPanel.WORKFLOWS && row != null
                  ? "signal it with: kxm gate signal "
                      + row.runId()
                      + " --signal-key KEY --status passed (needs the signal secret)"
                  : "s: select a workflow run on the Workflows tab (4) first";
      case 'o' -> open();
      default -> message = "no key '" + c + "'; the keys are on the line below";
    }
  }

  private void cancel(DashRow row) {
    if (panel == DashPanel.REQUESTS && row != null) {
      message =
          "a request is cancelled by its sender only: kxm peer cancel "
              + row.itemId()
              + ", run as that agent";
      return;
    }
    act(row, DashPanel.RUNS, "cancel", () -> sources.cancel(row));
  }

  private void open() {
    DashRow row = selectedRow();
    if (row == null || row.runId() == null || row.runId().isEmpty()) {
      message = "o: select a run on the Runs (4) or Waiting (5) tab first";
      return;
    }
    if (panel != DashPanel.RUNS && panel != DashPanel.WAITING) {
      message = "o: events open from the Runs (4) or Waiting (5) tab";
      return;
    }
    events.open(row.runId());
    message = "events of " + row.runId() + " (o or Esc closes)";
  }

  private void typing(KeyStroke stroke) {
    switch (stroke.getKeyType()) {
      case Escape -> {
        answering = null;
        message = "answer dropped";
      }
      case Enter -> {
        DashRow row = answering;
        answering = null;
        String text = typed.toString();
        act(row, DashPanel.WAITING, "answer", () -> sources.resolve(row, null, text));
      }
      case Backspace -> {
        if (!typed.isEmpty()) {
          typed.setLength(typed.length() - 1);
        }
      }
      case Character -> {
        if (typed.length() < 2000) {
          typed.append(stroke.getCharacter());
        }
      }
      default -> {}
    }
  }

  private boolean needs(DashRow row, DashPanel where, String what) {
    if (panel != where || row == null) {
      message =
          what
              + ": select a row on the "
              + where.title()
              + " tab ("
              + (where.ordinal() + 1)
              + ") first";
      return false;
    }
    return true;
  }

  private void act(DashRow row, DashPanel where, String what, Action action) {
    if (!needs(row, where, what)) {
      return;
    }
    message = DashActions.run(what, row, action);
    readSoon();
  }

  // A reading that fails in a way the sources did not foresee keeps the last one on screen, with
  // the failure on the message line, rather than ending the refresh.
  private DashSnapshot read() {
    try {
      return sources.read();
    } catch (RuntimeException e) {
      return snapshot.withProblem("reading failed: " + e.getClass().getSimpleName());
    }
  }

  private void move(int step) {
    int count = snapshot.rows(panel).size();
    int at = selected.getOrDefault(panel, 0) + step;
    selected.put(panel, count == 0 ? 0 : Math.max(0, Math.min(count - 1, at)));
  }

  private DashRow selectedRow() {
    List<DashRow> rows = snapshot.rows(panel);
    if (rows.isEmpty()) {
      return null;
    }
    int at = Math.min(selected.getOrDefault(panel, 0), rows.size() - 1);
    selected.put(panel, at);
    return rows.get(at);
  }

  private void draw(Screen screen) throws IOException {
    screen.clear();
    TerminalSize size = screen.getTerminalSize();
    int width = size.getColumns();
    int height = size.getRows();
    TextGraphics g = screen.newTextGraphics();
    put(g, 0, 0, width, DashText.title(snapshot), false);
    StringBuilder tabs = new StringBuilder();
    for (DashPanel p : DashPanel.values()) {
      String label = (p.ordinal() + 1) + " " + p.title();
      tabs.append(p == panel ? "[" + label + "]" : " " + label + " ");
    }
    put(g, 0, 1, width, tabs.toString(), false);
    int top = 2;
    int bottom = height - 3;
    if (events.isOpen()) {
      put(g, 0, top, width, "events of " + events.runId(), true);
      List<String> lines = events.last(Math.max(0, bottom - top));
      for (int i = 0; i < lines.size(); i++) {
        put(g, 0, top + 1 + i, width, lines.get(i), false);
      }
    } else {
      List<DashRow> rows = snapshot.rows(panel);
      put(g, 0, top, width, "  " + panel.header() + "  (" + rows.size() + ")", true);
      int visible = Math.max(0, bottom - top);
      int at = rows.isEmpty() ? 0 : Math.min(selected.getOrDefault(panel, 0), rows.size() - 1);
      int first = Math.max(0, at - visible + 1);
      for (int i = first; i < rows.size() && i - first < visible; i++) {
        String mark = i == at ? "> " : "  ";
        put(g, 0, top + 1 + i - first, width, mark + rows.get(i).text(), i == at);
      }
      if (rows.isEmpty()) {
        put(g, 0, top + 1, width, "  " + DashText.empty(panel, snapshot), false);
      }
    }
    String note =
        answering != null
            ? "answer " + answering.itemId() + "> " + typed + "_  (Enter sends, Esc drops)"
            : !message.isEmpty()
                ? message
                : snapshot.problems().isEmpty() ? "" : snapshot.problems().getFirst();
    put(g, 0, height - 2, width, note, false);
    put(g, 0, height - 1, width, DashText.keys(panel, events.isOpen()), true);
    screen.refresh();
  }

  private static void put(TextGraphics g, int col, int row, int width, String text, boolean bold) {
    if (row < 0 || width <= 0) {
      return;
    }
    String line = text.length() > width ? text.substring(0, width) : text;
    if (bold) {
      g.enableModifiers(SGR.REVERSE);
      g.putString(col, row, line + " ".repeat(Math.max(0, width - line.length())));
      g.disableModifiers(SGR.REVERSE);
    } else {
      g.putString(col, row, line);
    }
  }

  /** An action of a key: a supervisor or hub call whose answer or refusal the line shows. */
  @FunctionalInterface
  interface Action {
    Object call();
  }
}
