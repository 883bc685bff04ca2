import type { AuthResult } from '@gatehouse/client';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { auth } from '../auth';
import { i18n } from '../i18n';
import { parseUserAgent } from './user-agent';
import { localError } from './use-action';

/** What the browser's own refusal (cancelled, timed out, no authenticator) becomes on the page. */
function browserRefusal(error: unknown): AuthResult<never> {
  const name = (error as { name?: string } | null)?.name;
  const say = (key: 'stopped' | 'cancelled' | 'unsupported') => localError(i18n.t(`passkey.${key}`, { ns: 'auth' }));
  if (name === 'AbortError') return { data: null, error: { ...say('stopped'), code: 'ABORTED' } };
  return { data: null, error: say(name === 'NotAllowedError' ? 'cancelled' : 'unsupported') };
}

/** A name for a new passkey from the device it is made on, e.g. "Chrome on macOS". */
export function suggestedPasskeyName(userAgent: string = navigator.userAgent): string {
  const { browser, os } = parseUserAgent(userAgent);
  const name = browser === 'Unknown browser' ? i18n.t('passkey.defaultName', { ns: 'auth' }) : browser.replace(/ \d+$/, '');
  return os === 'Unknown system' ? name : i18n.t('passkey.nameOnSystem', { ns: 'auth', browser: name, os });
}

/** Creates a passkey on this device for the signed-in person and keeps it under `name`. */
export async function addPasskey(name: string) {
  const options = await auth.passkey.generateRegisterOptions({ name: name || undefined });
  if (options.error) return options;
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: options.data as PublicKeyCredentialCreationOptionsJSON });
  } catch (e) {
    return browserRefusal(e);
  }
  return auth.passkey.verifyRegistration({ response, name: name || undefined });
}

/**
 * Signs in with a passkey. With `autoFill`, the request waits for the person to pick a passkey
 * in the email field's suggestions (conditional mediation); a later call stops a waiting one.
 */
export async function signInWithPasskey({ autoFill = false } = {}) {
  const options = await auth.passkey.generateAuthenticateOptions();
  if (options.error) return options;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({
      // The options as the server made them: JSON in, JSON out (the answer's type only loses its buffers' names).
      optionsJSON: options.data as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autoFill,
    });
  } catch (e) {
    return browserRefusal(e);
  }
  return auth.passkey.verifyAuthentication({ response });
}

/**
 * True when the password sign-in waiting for its second factor (this browser's two-factor
 * cookie) is of someone with a passkey: the options then name their passkeys.
 */
export async function waitingUserHasPasskeys(): Promise<boolean> {
  const options = await auth.passkey.generateAuthenticateOptions();
  return (options.data?.allowCredentials?.length ?? 0) > 0;
}

/** Answers the waiting password sign-in's second factor with one of that person's passkeys. */
export async function verifyWithPasskey({ trustDevice }: { trustDevice: boolean }) {
  const options = await auth.passkey.generateAuthenticateOptions();
  if (options.error) return options;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options.data as PublicKeyCredentialRequestOptionsJSON });
  } catch (e) {
    return browserRefusal(e);
  }
  return auth.twoFactor.verifyPasskey({ response, trustDevice });
}

/** True when this browser offers passkeys among an input's autofill suggestions. */
export const supportsPasskeyAutofill = browserSupportsWebAuthnAutofill;

/** Stops a waiting autofill request (leaving the page). */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}
