/** The part of http_ece (RFC 8188 content coding, no types published) the push tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export type DecryptParams = {
    version: 'aes128gcm';
    /** The receiver's key pair (the browser's, in a push test). */
    privateKey: ECDH;
    /** RFC 8291's auth secret, base64url or bytes. */
    authSecret: string | Buffer;
  };

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;

  const ece: { decrypt: typeof decrypt };
  export default ece;
}
