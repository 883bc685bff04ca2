import { extension } from '../../kit.js';
import type { OidcProviderConfig } from './config.js';
import type { OidcRuntime } from './provider.js';

/** What the routes need once the provider is built (`init`). */
export interface OidcState {
  config: OidcProviderConfig;
  runtime: OidcRuntime;
}

const slot = extension<OidcState>('oidcProvider');
export const useOidcState = slot.set;
export const oidcState = slot.get;
