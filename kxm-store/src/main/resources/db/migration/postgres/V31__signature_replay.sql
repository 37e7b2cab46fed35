-- Digests of the webhook and signal signatures the hub accepted, so that the same signature is
-- accepted once on every node. A digest is the SHA-256 of the signature's bytes, never the
-- signature itself, and is kept until its request could no longer verify (its timestamp plus the
-- replay window), or for the retention period when it was signed without a timestamp.

CREATE TABLE signature_digests (
  digest     TEXT   NOT NULL PRIMARY KEY,
  expires_at BIGINT NOT NULL
);

CREATE INDEX signature_digests_by_expiry ON signature_digests (expires_at);
