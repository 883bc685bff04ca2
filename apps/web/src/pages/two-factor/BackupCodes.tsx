import { useState } from 'react';

/** Freshly issued backup codes: shown once, with ways to keep them. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'gatehouse-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="stack">
      <h3>Backup codes</h3>
      <p>
        Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator.
        They will not be shown again.
      </p>
      <ul className="codes" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className="mono">
            {code}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={copy}>
          Copy codes
        </button>
        <button type="button" onClick={download}>
          Download codes
        </button>
      </div>
      <span aria-live="polite" className="hint">
        {copied ? 'Copied.' : ''}
      </span>
    </div>
  );
}
