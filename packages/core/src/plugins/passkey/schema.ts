import type { Schema } from '../../kit.js';

/** One row per registered credential (better-auth's `passkey` table, same field names). */
export const passkeySchema = {
  passkey: {
    fields: {
      userId: { type: 'string', required: true, index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      name: { type: 'string' },
      /** The COSE public key, base64url. */
      publicKey: { type: 'string', required: true, long: true },
      /** The credential id the authenticator gave, base64url. */
      credentialID: { type: 'string', required: true, unique: true },
      /** The signature counter last seen: an assertion must go past it (unless both are 0). */
      counter: { type: 'number', required: true, defaultValue: 0 },
      /** 'singleDevice' or 'multiDevice' (synced). */
      deviceType: { type: 'string', required: true },
      backedUp: { type: 'boolean', required: true, defaultValue: false },
      /** Comma-separated: usb, nfc, ble, internal, hybrid… */
      transports: { type: 'string' },
      aaguid: { type: 'string' },
      createdAt: { type: 'date', required: true },
      /** When it last signed someone in (or answered a two-factor challenge); null until then. Added after the first release: nullable. */
      lastUsedAt: { type: 'date' },
    },
  },
} satisfies Partial<Schema>;
