import { type Assembly, type AuthContext, extension } from '../../kit.js';
import { buildDocument } from './document.js';

interface OpenApiState {
  assembly: Assembly;
  document?: Record<string, unknown>;
}

/** What the instance is assembled from, set in the plugin's `init`; the document is built at its first request. */
export const openApiSlot = extension<OpenApiState>('openapi');

/** This instance's OpenAPI document (built once: the routes do not change while it runs). */
export function documentOf(auth: AuthContext): Record<string, unknown> {
  const state = openApiSlot.get(auth);
  state.document ??= buildDocument(auth, state.assembly);
  return state.document;
}
