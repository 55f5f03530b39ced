/** Injection token for the secret (a string) that signs local-folder download links. */
export const BLOB_SIGNING_SECRET = Symbol('BlobSigningSecret');
