/**
 * The runtime's local knowledge database: entries and their search, forum rounds in which agents
 * discuss a phase through a forum MCP server, distillation of a round into entries, and bundles
 * that export and import entries. Features reach it through the {@code KnowledgeStore} port, kept
 * in SQLite by {@code KnowledgeDatabase} or in PostgreSQL by {@code PostgresKnowledgeStore}, as
 * {@code KnowledgeStores} chooses from {@code KXM_RUNTIME_DATABASE_URL}; features write SQL both
 * dialects run. {@code KnowledgeStore.write} is the only way to change it, since several processes
 * write it at once. {@code evolve} runs generations of attempts over a task set through harness
 * sessions and keeps what they learn here, behind the {@code EvolutionLog} port ({@code
 * EvolutionStore}). The test jar's {@code KnowledgeStoreContract} and {@code EvolutionLogContract}
 * are what any other backend must pass. Not the hub's shared context, which the hub serves to
 * agents over its API. See docs/knowledge.md and docs/evolve.md.
 */
package io.kxm.knowledge;
