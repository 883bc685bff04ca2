import { defineEndpoint } from '../../../kit.js';
import { documentOf } from '../config.js';

/** `GET /openapi.json`: the OpenAPI 3.1 document of every route this instance serves. */
export const openApiJson = defineEndpoint({
  method: 'GET',
  path: '/openapi.json',
  name: 'openApi',
  openapi: { summary: 'This OpenAPI document' },
  async handler(c) {
    return documentOf(c.auth);
  },
});
