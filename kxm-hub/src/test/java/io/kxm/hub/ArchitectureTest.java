package io.kxm.hub;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

class ArchitectureTest {
  static final JavaClasses HUB =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.kxm.hub");

  @Test
  void browser_and_credential_rules_do_not_depend_on_a_web_framework() {
    noClasses()
        .that()
        .resideInAnyPackage("io.kxm.hub.guard..", "io.kxm.hub.auth..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.javalin..", "jakarta.servlet..", "org.eclipse.jetty..")
        .because("the /mcp servlet filter and the Javalin pipeline share these rules")
        .check(HUB);
  }
}
