import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  value: string;
  /** The copy button's words; default "Copy {label}". */
  copyLabel?: string;
}

/** Read-only text with a label and a copy button, for secrets a person must transfer. */
export function CopyField({ label, value, copyLabel }: Props) {
  const { t } = useTranslation('account');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row copy-row">
        <input id={id} readOnly value={value} className="mono" onFocus={(e) => e.target.select()} />
        <button type="button" onClick={copy}>
          {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
          {copyLabel ?? t('copy.button', { label })}
        </button>
      </div>
      <span aria-live="polite" className="hint">
        {copied ? t('copy.copied') : ''}
      </span>
    </div>
  );
}
