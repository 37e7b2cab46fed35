package io.kxm.runtime.receipt;

import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Receipt;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.Base64;
import tools.jackson.databind.node.ObjectNode;

/** Signs drive receipts and checks them; the signature covers every field but itself. */
public final class Receipts {
  private final ReceiptKeys keys;

  public Receipts(ReceiptKeys keys) {
    this.keys = keys;
  }

  public String keyId() {
    return keys.keyId();
  }

  /** The receipt with its key id and signature filled in. */
  public Receipt sign(Receipt unsigned) {
    Receipt withKey = withSignature(unsigned, keys.keyId(), null);
    return withSignature(withKey, keys.keyId(), signature(canonical(withKey)));
  }

  /** Whether the signature is this runtime's over exactly these fields. */
  public boolean verify(Receipt receipt) {
    return keys.keyId().equals(receipt.keyId()) && valid(canonical(receipt), receipt.signature());
  }

  /** This runtime's Ed25519 signature over {@code bytes}, in Base64. */
  public String signature(byte[] bytes) {
    try {
      Signature signer = Signature.getInstance("Ed25519");
      signer.initSign(keys.privateKey());
      signer.update(bytes);
      return Base64.getEncoder().encodeToString(signer.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Ed25519 signing failed", e);
    }
  }

  /** Whether {@code signature} (Base64) is this runtime's over exactly {@code bytes}. */
  public boolean valid(byte[] bytes, String signature) {
    if (signature == null) {
      return false;
    }
    try {
      Signature verifier = Signature.getInstance("Ed25519");
      verifier.initVerify(keys.publicKey());
      verifier.update(bytes);
      return verifier.verify(Base64.getDecoder().decode(signature));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  static byte[] canonical(Receipt r) {
    ObjectNode node = Json.object();
    node.put("receiptId", r.receiptId());
    node.put("runId", r.runId());
    node.put("kind", r.kind());
    node.put("runStatus", r.runStatus());
    node.put("headSequence", r.headSequence());
    node.put("headHash", r.headHash());
    node.put("issuedAt", r.issuedAt().toString());
    node.put("keyId", r.keyId());
    if (r.spend() != null) {
      // receipts of runs without spend keep the bytes they were signed with before spend existed
      node.set("spend", Json.MAPPER.valueToTree(r.spend()));
    }
    return CanonicalJson.bytes(node);
  }

  private static Receipt withSignature(Receipt r, String keyId, String signature) {
    return new Receipt(
        r.receiptId(),
        r.runId(),
        r.kind(),
        r.runStatus(),
        r.headSequence(),
        r.headHash(),
        r.issuedAt(),
        keyId,
        signature,
        r.spend());
  }
}
