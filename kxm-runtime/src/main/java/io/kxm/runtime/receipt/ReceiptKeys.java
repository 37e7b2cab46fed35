package io.kxm.runtime.receipt;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import io.kxm.core.secret.Tokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;

/**
 * The runtime's Ed25519 signing key: the private half as PKCS#8 in a 0600 file, the public half
 * (X.509) beside it so that anyone can check a receipt without the secret.
 *
 * @param keyId the first 16 hex characters of the SHA-256 of the encoded public key
 */
public record ReceiptKeys(PrivateKey privateKey, PublicKey publicKey, String keyId) {

  /** {@code runtime/receipt-key} under the state root; the public key is {@code .pub} beside it. */
  public static synchronized ReceiptKeys loadOrCreate(Path privateFile) {
    Path publicFile = privateFile.resolveSibling(privateFile.getFileName() + ".pub");
    try {
      if (Files.isSymbolicLink(privateFile) || Files.isSymbolicLink(publicFile)) {
        throw new KxmException(
            ErrorCode.STATE_DIR_UNUSABLE,
            "the receipt key " + privateFile + " or its public half is a symbolic link");
      }
      if (Files.exists(privateFile, LinkOption.NOFOLLOW_LINKS)) {
        KeyFactory factory = KeyFactory.getInstance("Ed25519");
        PrivateKey priv =
            factory.generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(privateFile)));
        PublicKey pub =
            factory.generatePublic(new X509EncodedKeySpec(Files.readAllBytes(publicFile)));
        return new ReceiptKeys(priv, pub, keyId(pub));
      }
      KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
      SecureFiles.writeOwnerOnly(privateFile, pair.getPrivate().getEncoded());
      Files.write(publicFile, pair.getPublic().getEncoded());
      return new ReceiptKeys(pair.getPrivate(), pair.getPublic(), keyId(pair.getPublic()));
    } catch (IOException | GeneralSecurityException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE,
          "cannot load the receipt key " + privateFile + ": " + e.getMessage(),
          e);
    }
  }

  static String keyId(PublicKey key) {
    return Tokens.sha256Hex(key.getEncoded()).substring(0, 16);
  }
}
