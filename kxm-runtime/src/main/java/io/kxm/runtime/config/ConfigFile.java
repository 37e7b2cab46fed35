package io.kxm.runtime.config;

/** A {@code .kxm/} file that parsed and passed its schema, ready for the rules between files. */
record ConfigFile(ConfigKind kind, String file, YamlDocument document) {}
