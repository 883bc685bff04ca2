/**
 * The test kit: what a plugin's tests may import besides the plugin kit (kit.ts, re-exported
 * here): the in-process test client and its helpers, the test databases, the account
 * pre-hijacking checks, the built-in assembly (`createAuth`, the options type, the plugin list)
 * and the few fixtures one capability's tests borrow from another (a software passkey).
 */
export * from './kit.js';
export { createAuth } from './auth.js';
export type { GatehouseOptions } from './plugins/index.js';
export { builtinPlugins, CAPABILITIES, EVERYTHING_ON } from './plugins/index.js';
export { coreEndpoints } from './routes/index.js';
export { hashToken, Signer } from './crypto/sign.js';
export { sessionTokenKey } from './session/token-key.js';
export { Encrypter } from './crypto/encrypt.js';
export { capabilitiesOf, compileOnly, type DialectName, type SchemaSnapshot } from './db/dialect.js';
export { indexName, planSteps, uniqueTogetherName } from './db/migrate.js';
export { coreSchema } from './db/schema.js';
export { createRedisStorage } from './storage/redis.js';
export { createTestDatabase, defaultTestDialect, type TestDatabase } from './test/databases.js';
export { gatehouseTest, type GatehouseFixtures, type Person } from './test/fixtures.js';
export {
  browserFetch,
  type CallablePath,
  type CallInput,
  type CallOptions,
  type CallResult,
  createTestClient,
  linkIn,
  silentLogger,
  uniqueEmail,
  useRedisStorages,
  useTestClients,
  type CookieJar,
  type TestClient,
} from './test/harness.js';
export { adoptionAudit, expectSquatterOut, SQUATTER_PASSWORD, squat, WAYS_IN } from './test/squatter.js';
export { timingRatioWithRetries } from './test/timing.js';
// Borrowed across capabilities: a passkey a test can add, the organization schema a schema test merges.
export { addPasskey, ORIGIN as PASSKEY_ORIGIN, SoftAuthenticator } from './plugins/passkey/test-kit.js';
export { organizationSchema } from './plugins/organization/schema.js';
export { TWO_FACTOR_ERRORS } from './plugins/two-factor/errors.js';
