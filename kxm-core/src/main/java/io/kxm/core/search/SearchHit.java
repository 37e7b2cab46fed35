package io.kxm.core.search;

/**
 * One document found by a search.
 *
 * @param exactPhrase whether the document holds the whole query as a phrase
 * @param relevance higher is better; comparable only within one answer
 */
public record SearchHit(String docId, boolean exactPhrase, double relevance) {}
