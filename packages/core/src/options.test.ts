import { describe, expect, it } from 'vitest';
import { createAuth } from './auth.js';
import { silentLogger } from './test/harness.js';

/** Options refused at start with the specification's words (section 8, general messages). */
describe('options checked at start', () => {
  it("refuses a base URL that is not an absolute http(s) URL: 'Invalid base URL'", async () => {
    for (const baseURL of ['not a url', 'localhost:3000', '/api', 'ftp://auth.example.com', 'javascript:alert(1)']) {
      const auth = createAuth({ database: ':memory:', baseURL, logger: silentLogger });
      // Refused before anything is opened: there is nothing to close.
      await expect(auth.ready(), baseURL).rejects.toThrow(/^Invalid base URL$/);
    }
    for (const baseURL of ['http://localhost:3000', 'https://auth.example.com/', 'https://auth.example.com:8443']) {
      const auth = createAuth({ database: ':memory:', baseURL, logger: silentLogger });
      await auth.ready();
      expect((await auth.handler(new Request(`${baseURL.replace(/\/$/, '')}/api/auth/ok`))).status, baseURL).toBe(200);
      await auth.close();
    }
  });
});
