import type { Schema } from '../../kit.js';

/** The signing keys (better-auth's `jwks` table, same field names, plus `alg`). */
export const jwtSchema = {
  jwks: {
    fields: {
      /** The public JWK, JSON (kid = the row's id). */
      publicKey: { type: 'string', required: true, long: true },
      /** The private JWK, JSON, encrypted at rest (auth.encrypter). */
      privateKey: { type: 'string', required: true, long: true, returned: false },
      /** EdDSA, ES256 or RS256. */
      alg: { type: 'string', required: true },
      createdAt: { type: 'date', required: true },
      /** When the key stops signing (a newer key takes over); it stays published past it. */
      expiresAt: { type: 'date', required: true, index: true },
    },
  },
} satisfies Partial<Schema>;
