package io.kxm.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.search.SearchHit;
import java.util.List;
import org.junit.jupiter.api.Test;

class LexicalRankerTest {
  private static ContextItem evidence(String id, String summary) {
    return Items.item(id, ContextKind.EVIDENCE, summary, ContextOrigin.TOOL, Authority.EVIDENCE);
  }

  @Test
  void exact_phrase_first_then_token_relevance_then_id() {
    List<ContextItem> items =
        List.of(
            evidence("ctx_d", "cache miss"),
            evidence("ctx_c", "the login cache is cold"),
            evidence("ctx_b", "login cache warm-up"),
            evidence("ctx_a", "cache login after restart"),
            evidence("ctx_e", "nothing related"));

    List<SearchHit> hits = LexicalRanker.rank("login cache", items);

    assertThat(hits)
        .extracting(SearchHit::docId)
        .containsExactly("ctx_b", "ctx_c", "ctx_a", "ctx_d");
    assertThat(hits.get(0).exactPhrase()).isTrue();
    assertThat(hits.get(2).exactPhrase()).isFalse();
    assertThat(hits.get(2).relevance()).isGreaterThan(hits.get(3).relevance());
  }

  @Test
  void query_syntax_is_plain_text() {
    List<ContextItem> items = List.of(evidence("ctx_a", "login \"OR\" cache"));
    assertThat(LexicalRanker.rank("\"OR\" cache", items))
        .extracting(SearchHit::exactPhrase)
        .containsExactly(true);
  }
}
