import type { default as Provider } from 'oidc-provider';
import { orderedRandom } from '../../kit.js';

/**
 * The models whose ids are made per token request: the grant made at consent, the code, and the tokens.
 * Their rows are keyed `<model>:<id>` (`storage.ts`), and an access or refresh token's row is found again
 * by its grant's id.
 */
const MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials', 'Grant'] as const;

/** 8 letters and digits of the creation time (`orderedRandom`), put before an id's whole random part. */
export const creationPrefix = (): string => orderedRandom(8);

/**
 * Ids in creation order for the models a token request writes: the creation time's 8 characters, then
 * oidc-provider's own id, whose 256 random bits are all kept (a token is 51 characters instead of 43).
 * A random id put each new row at a random place in the table's primary-key index (and a grant's id
 * at one in the index of the tokens by grant): every insert wrote a page anywhere in indexes that
 * outgrow the cache, which the commit appends to SQLite's WAL and the checkpoint copies back (InnoDB
 * keeps the rows themselves in that order). In creation order the rows of one turn share the
 * indexes' last pages, as Gatehouse's own ids and session tokens do. A token tells when it was made
 * (its `iat`, which introspection answers anyway).
 *
 * oidc-provider makes a model's id with the model class's `generateTokenId` (its opaque or JWT
 * format's); the provider's classes are its own, so this changes this provider only.
 */
export function orderedTokenIds(provider: Provider): void {
  for (const name of MODELS) {
    const model = (provider as unknown as Record<string, { prototype: { generateTokenId(): string } }>)[name];
    const made = model?.prototype.generateTokenId;
    if (typeof made !== 'function') throw new Error(`oidc-provider's ${name} has no generateTokenId: ids in creation order need it`);
    model!.prototype.generateTokenId = function (this: unknown) {
      return creationPrefix() + made.call(this);
    };
  }
}
