package io.kxm.core.reserve;

/** What one step of a glob automaton reads: one given character, or any character but '/'. */
sealed interface CharClass {
  /** No character: {@link #meet} found none that both classes read. */
  int NONE = -1;

  /** The character a witness uses where both globs take any name character. */
  int FILLER = 'x';

  boolean reads(int codePoint);

  /** A character both classes read, or {@link #NONE}. */
  static int meet(CharClass a, CharClass b) {
    return switch (a) {
      case Literal(int c) -> b.reads(c) ? c : NONE;
      case NotSlash() ->
          switch (b) {
            case Literal(int c) -> a.reads(c) ? c : NONE;
            case NotSlash() -> FILLER;
          };
    };
  }

  record Literal(int codePoint) implements CharClass {
    @Override
    public boolean reads(int c) {
      return c == codePoint;
    }
  }

  record NotSlash() implements CharClass {
    @Override
    public boolean reads(int c) {
      return c != '/';
    }
  }
}
