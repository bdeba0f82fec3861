const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The token with its signature's last character changed within the spare bits base64url leaves
 * there (a 32-byte HMAC is 43 characters, 258 bits: the last one's two low bits encode nothing),
 * so the signature's bytes stay the same: a second spelling of one token.
 */
export function respell(token: string): string {
  const last = BASE64URL.indexOf(token.at(-1) ?? '');
  return `${token.slice(0, -1)}${BASE64URL[last ^ 1] ?? ''}`;
}

/** The signature bytes of a compact JWS, as a lenient base64url decoder reads them. */
export function signatureBytes(token: string): Buffer {
  return Buffer.from(token.split('.')[2] ?? '', 'base64url');
}
