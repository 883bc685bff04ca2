import type { AuthError } from '@gatehouse/client';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../lib/providers';
import { type Estimate, isPasswordRefusal, lengthHint, loadStrengthEstimator, type Strength } from '../lib/password-strength';
import { readableError } from '../lib/readable-error';

interface NewPasswordFieldProps {
  /** Default: "Password" (in the app's language). */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's last refusal: shown here, next to the field, when it is about the password. */
  error?: AuthError | null;
  /** Words the estimator should count as guessable (the person's name and email). */
  userInputs?: string[];
  /** Whether the person signs in with a second factor (a shorter password may then be allowed). */
  secondFactor?: boolean;
  /** The server's validation issue about this field (`fieldErrors(error).password`), shown like a refusal. */
  issue?: string;
}

/**
 * A new password: labelled input (paste and password managers welcome: autocomplete
 * new-password, no length cap that would cut a pasted password), the policy's length, a
 * strength meter with the estimator's advice while typing, and the server's refusal in words.
 */
export function NewPasswordField({ label, value, onChange, error, userInputs = [], secondFactor, issue }: NewPasswordFieldProps) {
  const { t, i18n } = useTranslation('auth');
  const id = useId();
  const { features } = useServerInfo();
  const policy = features.passwordPolicy;
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const typing = value.length > 0;

  useEffect(() => {
    if (!typing || estimate) return;
    let live = true;
    loadStrengthEstimator().then(
      (loaded) => live && setEstimate(() => loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [typing, estimate]);

  // A refusal is about the password that was sent: once the person edits it, it no longer applies.
  const [editedAfter, setEditedAfter] = useState<AuthError | null>(null);
  // Estimated again only when the password, the person's words or the language change, not on each render of the form.
  const inputs = userInputs.filter(Boolean).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the estimate's label and advice are in the language of the moment.
  const strength = useMemo(
    () => (typing && estimate ? estimate(value, inputs ? inputs.split('\n') : []) : null),
    [typing, estimate, value, inputs, i18n.language],
  );
  const stale = editedAfter === error;
  const refusal = error && !stale ? (isPasswordRefusal(error) ? readableError(error)?.message : (issue ?? null)) : null;
  const describedBy = [`${id}-hint`, typing ? `${id}-strength` : '', refusal ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className={refusal ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label ?? t('fields.password')}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        required
        value={value}
        aria-describedby={describedBy}
        aria-invalid={refusal ? true : undefined}
        onChange={(e) => {
          if (refusal && error) setEditedAfter(error);
          onChange(e.target.value);
        }}
      />
      <div id={`${id}-hint`} className="hint">
        {lengthHint(policy.minLength, policy.minLengthWithSecondFactor, secondFactor)} {t('password.advice')}
      </div>
      {typing ? <StrengthMeter id={`${id}-strength`} strength={strength} /> : null}
      {refusal ? (
        // A refusal of the password's strength is only said here (the form's top stays quiet), so it is the alert;
        // a validation issue is summarised at the form's top, which is.
        <div id={`${id}-error`} className="field-error" role={error && isPasswordRefusal(error) ? 'alert' : undefined}>
          {refusal}
        </div>
      ) : null}
    </div>
  );
}

function StrengthMeter({ id, strength }: { id: string; strength: Strength | null }) {
  const { t } = useTranslation('auth');
  if (!strength) {
    return (
      <div id={id} className="strength" aria-live="polite">
        <span className="hint">{t('password.checking')}</span>
      </div>
    );
  }
  const advice = [strength.warning, ...strength.suggestions].filter((s): s is string => !!s);
  return (
    <div id={id} className="strength" data-score={strength.score} aria-live="polite">
      {/* One step per score, the first filled even for "Very weak"; low/high/optimum colour it:
          red up to Fair, amber for Good, green for Strong. */}
      <meter min={0} max={5} low={3.5} high={4.5} optimum={5} value={strength.score + 1} aria-label={t('password.meter')} aria-valuetext={strength.label} />
      <p className="strength-label">{t('password.strength', { label: strength.label })}</p>
      {advice.length ? (
        <ul className="strength-advice">
          {advice.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
