package io.kxm.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The planes depend inward only: core on nothing of ours, stores and MCP on core, runs on core and
 * the stores' SQLite opener, sessions on runs, knowledge on sessions, the supervisor on runs and
 * sessions, CLI on all.
 */
class LayeringTest {
  static final JavaClasses KXM =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.kxm");

  static final String[] RUNTIME_SIDE = {
    "io.kxm.runtime..", "io.kxm.session..", "io.kxm.knowledge..", "io.kxm.supervisor.."
  };

  @Test
  void the_core_depends_on_no_other_plane_and_no_framework() {
    noClasses()
        .that()
        .resideInAPackage("io.kxm.core..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.kxm.store..",
            "io.kxm.hub..",
            "io.kxm.mcp..",
            "io.kxm.cli..",
            "io.javalin..",
            "jakarta.servlet..",
            "org.eclipse.jetty..",
            "io.modelcontextprotocol..",
            "picocli..",
            "org.sqlite..",
            "org.postgresql..",
            "org.flywaydb..")
        .because("the domain stays free of servers, drivers and surfaces")
        .check(KXM);
  }

  @Test
  void only_the_search_indexes_of_the_core_speak_jdbc() {
    // The text and vector indexes live beside the records they index and join their transaction,
    // so they take the caller's java.sql.Connection; they still load no driver.
    noClasses()
        .that()
        .resideInAPackage("io.kxm.core..")
        .and()
        .resideOutsideOfPackage("io.kxm.core.search..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.sql..")
        .because("only the indexes work on the caller's connection")
        .check(KXM);
  }

  @Test
  void the_runtime_side_does_not_know_the_hub_the_stores_or_the_cli() {
    noClasses()
        .that()
        .resideInAnyPackage(RUNTIME_SIDE)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.kxm.hub..", "io.kxm.mcp..", "io.kxm.cli..", "picocli..")
        .check(KXM);
  }

  @Test
  void on_the_runtime_side_only_the_hub_agent_and_the_drive_call_the_hub_client() {
    // One HTTP client for the hub: the project's runtime agent (leases, hand-offs) and the drive
    // that holds its leases use kxm-client; nothing else of the runtime side talks to the hub
    // as an agent.
    noClasses()
        .that()
        .resideInAnyPackage(RUNTIME_SIDE)
        .and()
        .resideOutsideOfPackages("io.kxm.runtime.hub..", "io.kxm.runtime.drive..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.kxm.client..")
        .check(KXM);
  }

  @Test
  void the_runtime_side_uses_only_the_openers_and_migrators_of_the_stores() {
    // One SQLite opener and one PostgreSQL opener for every database of the product, each with its
    // migrator; the hub's ports, its dialects and Flyway itself stay behind them.
    noClasses()
        .that()
        .resideInAnyPackage(RUNTIME_SIDE)
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.kxm.store..")
                .and(not(name("io.kxm.store.sqlite.SqliteDatabase")))
                .and(not(name("io.kxm.store.sqlite.SqliteSchema")))
                .and(not(name("io.kxm.store.postgres.PostgresDatabase")))
                .and(not(name("io.kxm.store.PostgresLocation")))
                .and(not(name("io.kxm.store.MigrationReport")))
                .and(not(name("io.kxm.store.jdbc.Jdbc")))
                .and(not(name("io.kxm.store.jdbc.Row")))
                .and(not(name("io.kxm.store.jdbc.RowMapper")))
                .and(not(name("io.kxm.store.jdbc.SqlErrors")))
                .and(not(name("io.kxm.store.jdbc.ReusedStatements"))))
        .orShould()
        .dependOnClassesThat()
        .resideInAnyPackage("org.flywaydb..", "org.sqlite..")
        .check(KXM);
  }

  @Test
  void runs_sessions_knowledge_and_the_supervisor_depend_in_that_order() {
    // The same edges as the Maven modules: kxm-runtime <- kxm-session <- kxm-knowledge, and
    // kxm-supervisor on runs and sessions. Every layer must hold classes, so a package that is
    // renamed away fails here instead of leaving a rule that checks nothing.
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("runs")
        .definedBy("io.kxm.runtime..")
        .layer("sessions")
        .definedBy("io.kxm.session..")
        .layer("knowledge")
        .definedBy("io.kxm.knowledge..")
        .layer("supervisor")
        .definedBy("io.kxm.supervisor..")
        .layer("cli")
        .definedBy("io.kxm.cli..")
        .whereLayer("supervisor")
        .mayOnlyBeAccessedByLayers("cli")
        .whereLayer("knowledge")
        .mayOnlyBeAccessedByLayers("cli")
        .whereLayer("sessions")
        .mayOnlyBeAccessedByLayers("knowledge", "supervisor", "cli")
        .whereLayer("runs")
        .mayOnlyBeAccessedByLayers("sessions", "knowledge", "supervisor", "cli")
        .check(KXM);
  }

  @Test
  void only_the_supervisor_on_the_runtime_side_serves_http() {
    noClasses()
        .that()
        .resideInAnyPackage("io.kxm.runtime..", "io.kxm.session..", "io.kxm.knowledge..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.javalin..", "jakarta.servlet..", "org.eclipse.jetty..")
        .because("runs, sessions and knowledge stay usable without a web server")
        .check(KXM);
  }

  @Test
  void the_stores_do_not_know_the_servers_or_the_cli() {
    noClasses()
        .that()
        .resideInAPackage("io.kxm.store..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.kxm.hub..", "io.kxm.mcp..", "io.kxm.cli..", "io.javalin..", "picocli..")
        .check(KXM);
  }

  @Test
  void the_mcp_adapter_does_not_know_the_hub_the_stores_or_the_cli() {
    noClasses()
        .that()
        .resideInAPackage("io.kxm.mcp..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.kxm.hub..", "io.kxm.store..", "io.kxm.cli..", "io.javalin..")
        .check(KXM);
  }

  @Test
  void the_fan_out_knows_only_the_core() {
    // Both the hub's nodes and the runtime's instances wake each other through it.
    noClasses()
        .that()
        .resideInAPackage("io.kxm.fanout..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.kxm.hub..",
            "io.kxm.store..",
            "io.kxm.mcp..",
            "io.kxm.cli..",
            "io.kxm.runtime..",
            "io.kxm.session..",
            "io.kxm.supervisor..",
            "io.javalin..")
        .check(KXM);
  }

  @Test
  void the_hub_does_not_know_the_cli() {
    noClasses()
        .that()
        .resideInAPackage("io.kxm.hub..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.kxm.cli..", "picocli..")
        .check(KXM);
  }
}
