import { definePlugin } from '../../kit.js';
import { openApiSlot } from './config.js';
import { openApiJson } from './routes/openapi-json.js';
import { reference, referenceAsset } from './routes/reference.js';

/** The OpenAPI routes with their precise types (route-types.ts derives the client's from them). */
export const openApiRoutes = [openApiJson, reference, referenceAsset] as const;

/**
 * Always on: `GET {basePath}/openapi.json`, the OpenAPI 3.1 document of every route the
 * instance serves (generated from the routes' declarations and zod schemas), and
 * `GET {basePath}/reference`, a page rendering it.
 */
export function openApiPlugin() {
  return definePlugin({
    id: 'openapi',
    endpoints: openApiRoutes,
    init(auth, assembly) {
      openApiSlot.set(auth, { assembly });
    },
  });
}
