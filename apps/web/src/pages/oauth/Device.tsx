import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { auth } from '../../auth';
import { Interstitial } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { ErrorMessage, Loading, Notice } from '../../components/Messages';
import { type CodeFields, fieldErrors, formLevelError } from '../../lib/field-errors';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';

/** The verify route's refusals that are about the code: shown under the field. */
const CODE_FIELDS: CodeFields = { INVALID_USER_CODE: 'userCode', USER_CODE_EXPIRED: 'userCode', USER_CODE_USED: 'userCode' };
/** What the provider says when it sends the browser back here (`?error=`): about the code, or about the whole sign-in. */
const CODE_REASONS = new Set(['invalid', 'expired', 'used']);
const REASONS = new Set([...CODE_REASONS, 'aborted', 'denied', 'failed']);

/**
 * The device flow's page (RFC 8628, `/device`, signed in: RequireAuth sends others to sign in
 * and back with the code kept): the person types the code their terminal or TV shows; the server
 * checks it (a wrong one is refused under the field) and the browser goes on through the provider
 * to the consent page, then back here for the done screen (`?done=1&app=`).
 */
export function Device() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const reason = params.get('error');
  const [code, setCode] = useState(params.get('user_code') ?? '');
  const [leaving, setLeaving] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const verify = useAction((userCode: string) => auth.oauth2.device.verify({ userCode }), { invalidates: [] });
  useFocusInvalid(form, verify.error);

  if (params.get('done') === '1') {
    const app = params.get('app');
    return (
      <Interstitial title={t('device.doneTitle')}>
        <Notice>{app ? t('device.doneNamed', { app }) : t('device.done')}</Notice>
        <p>
          <Link to="/device">{t('device.another')}</Link>
        </p>
      </Interstitial>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await verify.run(code.trim());
    if (data) {
      setLeaving(data.application);
      window.location.assign(data.redirect);
    }
  };

  const known = reason && REASONS.has(reason) ? reason : reason ? 'failed' : null;
  // Until the person types again, the provider's reason stands: under the field for the code's, at the top for the sign-in's.
  const shownReason = known && !verify.error && code === (params.get('user_code') ?? '') ? known : null;
  const codeError =
    fieldErrors(verify.error, CODE_FIELDS).userCode ??
    (shownReason && CODE_REASONS.has(shownReason) ? t(`device.errors.${shownReason}` as 'device.errors.invalid') : undefined);
  return (
    <Interstitial title={t('device.title')}>
      {leaving ? (
        <Loading what={t('device.continuing', { app: leaving })} />
      ) : (
        <form ref={form} onSubmit={submit} className="form" noValidate>
          <p>{t('device.intro')}</p>
          {shownReason && !CODE_REASONS.has(shownReason) ? (
            <p role="alert" className="message error">
              {t(`device.errors.${shownReason}` as 'device.errors.aborted')}
            </p>
          ) : null}
          <ErrorMessage error={formLevelError(verify.error, CODE_FIELDS)} />
          <Field
            label={t('device.code')}
            hint={t('device.codeHint')}
            value={code}
            required
            maxLength={64}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            className="device-code"
            error={codeError}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="primary" disabled={verify.pending || code.trim() === ''}>
            {t('device.submit')}
          </button>
        </form>
      )}
    </Interstitial>
  );
}
