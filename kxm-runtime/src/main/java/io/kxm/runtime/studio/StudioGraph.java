package io.kxm.runtime.studio;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects nodes in declared order and edges between them, then gives each node its layer and
 * column. Declared order is a topological order of the forward edges (those to a later node), so
 * one pass finds each node's longest path from a start; an edge back to an earlier node (a hub
 * stage's retry route) is kept as an edge but does not push layers.
 */
final class StudioGraph {
  private record Pending(String id, String label, String kind) {}

  private final List<Pending> nodes = new ArrayList<>();
  private final Map<String, Integer> index = new HashMap<>();
  // from + "\n" + to -> labels, in the order first added
  private final Map<String, List<String>> edges = new LinkedHashMap<>();

  void node(String id, String label, String kind) {
    if (index.putIfAbsent(id, nodes.size()) != null) {
      throw new IllegalArgumentException("node " + id + " is declared twice");
    }
    nodes.add(new Pending(id, label, kind));
  }

  void edge(String from, String to, String label) {
    if (!index.containsKey(from) || !index.containsKey(to)) {
      throw new IllegalArgumentException("edge " + from + " -> " + to + " names an unknown node");
    }
    List<String> labels = edges.computeIfAbsent(from + "\n" + to, k -> new ArrayList<>());
    if (!labels.contains(label)) {
      labels.add(label);
    }
  }

  StudioLayout.Dag build() {
    int[] layer = new int[nodes.size()];
    List<StudioLayout.Edge> out = new ArrayList<>();
    List<int[]> forward = new ArrayList<>();
    edges.forEach((key, labels) -> {
      String[] ends = key.split("\n", 2);
      out.add(new StudioLayout.Edge(ends[0], ends[1], String.join("|", labels)));
      int from = index.get(ends[0]);
      int to = index.get(ends[1]);
      if (to > from) {
        forward.add(new int[] {from, to});
      }
    });
    forward.sort((a, b) -> Integer.compare(a[0], b[0]));
    for (int[] e : forward) {
      layer[e[1]] = Math.max(layer[e[1]], layer[e[0]] + 1);
    }
    Map<Integer, Integer> columns = new HashMap<>();
    List<StudioLayout.Node> placed = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      Pending p = nodes.get(i);
      int column = columns.merge(layer[i], 1, Integer::sum) - 1;
      placed.add(new StudioLayout.Node(p.id(), p.label(), p.kind(), layer[i], column));
    }
    return new StudioLayout.Dag(placed, out);
  }
}
