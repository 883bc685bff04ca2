import { useId, useState } from 'react';

/** Read-only text with a label and a copy button, for secrets a person must transfer. */
export function CopyField({ label, value }: { label: string; value: string }) {
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
      <div className="row">
        <input id={id} readOnly value={value} className="mono" onFocus={(e) => e.target.select()} />
        <button type="button" onClick={copy}>
          Copy {label}
        </button>
      </div>
      <span aria-live="polite" className="hint">
        {copied ? 'Copied.' : ''}
      </span>
    </div>
  );
}
