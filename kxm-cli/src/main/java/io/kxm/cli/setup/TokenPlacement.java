package io.kxm.cli.setup;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;

/** The rule for {@code --token}: never into a file Git keeps, or would keep at the next add. */
final class TokenPlacement {
  private TokenPlacement() {}

  /**
   * @throws KxmException {@code setup_token_tracked} when Git tracks {@code file} or does not
   *     ignore it
   */
  static void refuseWhereGitKeeps(SetupContext setup, Path file) throws InterruptedException {
    ProjectFolder.Tracking tracking = setup.folder().tracking(file);
    switch (tracking) {
      case TRACKED ->
          throw new KxmException(
              ErrorCode.SETUP_TOKEN_TRACKED,
              "refused to write a token into " + file + ": Git tracks that file");
      case UNTRACKED ->
          throw new KxmException(
              ErrorCode.SETUP_TOKEN_TRACKED,
              "refused to write a token into "
                  + file
                  + ": Git does not ignore that file, so the next 'git add' would take it");
      case OUTSIDE, IGNORED -> {
        // nothing in Git keeps it
      }
    }
  }
}
