import type { ProvidersInfo } from '../auth';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { auth } from '../auth';

export type Features = ProvidersInfo['features'];

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
  },
};

/** Fills in what a partial `/providers` answer leaves out. */
export function normalizeInfo(answer: Partial<ProvidersInfo> | null): ProvidersInfo {
  if (!answer) return FALLBACK_INFO;
  const providers = Array.isArray(answer.socialProviders) ? answer.socialProviders : [];
  return {
    socialProviders: providers.filter((id): id is string => typeof id === 'string'),
    features: { ...FALLBACK_INFO.features, ...answer.features },
  };
}

const ServerInfoContext = createContext<ServerInfo>({ ...FALLBACK_INFO, isPending: true });

/** Loads the configured social providers and features once, for the whole app. */
export function ServerInfoProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<ServerInfo>({ ...FALLBACK_INFO, isPending: true });
  useEffect(() => {
    void auth.providers().then(({ data }) => setInfo({ ...normalizeInfo(data), isPending: false }));
  }, []);
  return <ServerInfoContext.Provider value={info}>{children}</ServerInfoContext.Provider>;
}

export function useServerInfo(): ServerInfo {
  return useContext(ServerInfoContext);
}
