package io.kxm.knowledge.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class ScorePlotTest {
  private static final List<GenerationSummary> TWO =
      List.of(
          new GenerationSummary(1, "done", 3, 3, 3, 1.0 / 3, 1, 1, 1),
          new GenerationSummary(2, "done", 2, 2, 2, 1, 1, 2, 3));

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void the_plot_is_well_formed_svg_with_axes_labels_and_one_point_per_generation_and_series()
      throws Exception {
    Document svg = parse(ScorePlot.svg(TWO, 3));

    assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
    assertThat(svg.getElementsByTagName("polyline").getLength()).isEqualTo(3);
    assertThat(svg.getElementsByTagName("circle").getLength()).isEqualTo(6);
    String text = svg.getDocumentElement().getTextContent();
    assertThat(text).contains("generation", "score", "mean score", "best score", "solved so far");
  }

  @Test
  void the_solved_curve_ends_at_the_top_when_every_task_is_solved() throws Exception {
    String svg = ScorePlot.svg(TWO, 3);

    // y of score 1 is the top of the plot area (50); solved-so-far 3/3 ends there
    assertThat(svg).containsPattern("stroke=\"#2ca02c\"[^>]*points=\"[0-9.]+,[0-9.]+ [0-9.]+,50\"");
  }

  @Test
  void an_empty_run_still_draws_its_axes() throws Exception {
    Document svg = parse(ScorePlot.svg(List.of(), 0));

    assertThat(svg.getElementsByTagName("polyline").getLength()).isZero();
    assertThat(svg.getElementsByTagName("line").getLength()).isGreaterThan(2);
  }
}
