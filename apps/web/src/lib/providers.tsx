import type { ProvidersInfo as ProvidersAnswer } from '../auth';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { auth } from '../auth';
import { accentStyleSheet, type Branding, DEFAULT_BRANDING, normalizeBranding } from './branding';

export type Features = ProvidersAnswer['features'];

/** The `/providers` answer as the app uses it: its branding checked and filled in (lib/branding.ts). */
export type ProvidersInfo = Omit<ProvidersAnswer, 'branding'> & { branding: Branding };

export interface ServerInfo extends ProvidersInfo {
  isPending: boolean;
}

/** What the app assumes when the server cannot say: no social providers, every feature on but those off unless configured (passkeys, email codes, magic links, several accounts per browser, JWTs, API keys). */
export const FALLBACK_INFO: ProvidersInfo = {
  socialProviders: [],
  features: {
    username: true,
    twoFactor: true,
    organization: true,
    admin: true,
    deleteUser: true,
    changeEmail: true,
    passkey: false,
    emailOTP: false,
    magicLink: false,
    multiSession: false,
    // The server's defaults; the server refuses what breaks its own policy either way.
    passwordPolicy: {
      preset: 'default',
      minLength: 8,
      minLengthWithSecondFactor: 8,
      maxLength: 128,
      blockCommon: true,
      breachedCheck: false,
    },
    webhooks: false,
    jwt: false,
    apiKey: false,
    oidcProvider: false,
    organizationTeams: false,
    organizationRoles: false,
    sso: false,
    ssoDomainVerification: true,
    scim: false,
  },
  branding: DEFAULT_BRANDING,
};

/** Fills in what a partial `/providers` answer leaves out. */
export function normalizeInfo(answer: Partial<ProvidersAnswer> | null): ProvidersInfo {
  if (!answer) return FALLBACK_INFO;
  const providers = Array.isArray(answer.socialProviders) ? answer.socialProviders : [];
  return {
    socialProviders: providers.filter((id): id is string => typeof id === 'string'),
    features: { ...FALLBACK_INFO.features, ...answer.features },
    branding: normalizeBranding(answer.branding),
  };
}

const ServerInfoContext = createContext<ServerInfo>({ ...FALLBACK_INFO, isPending: true });

/** Loads the configured social providers and features once, for the whole app. */
export function ServerInfoProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<ServerInfo>({ ...FALLBACK_INFO, isPending: true });
  useEffect(() => {
    void auth.providers().then(({ data }) => setInfo({ ...normalizeInfo(data), isPending: false }));
  }, []);
  useBrandColor(info.branding.color);
  return <ServerInfoContext.Provider value={info}>{children}</ServerInfoContext.Provider>;
}

export function useServerInfo(): ServerInfo {
  return useContext(ServerInfoContext);
}

/** The configured colour as the accent of both themes: a <style> after styles.css, gone when unset. */
function useBrandColor(color: string | null) {
  useEffect(() => {
    if (!color) return;
    const style = document.createElement('style');
    style.dataset.brand = '';
    style.textContent = accentStyleSheet(color);
    document.head.append(style);
    return () => style.remove();
  }, [color]);
}
