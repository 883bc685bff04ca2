import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Freshly issued backup codes, inside the copy-this-secret dialog (which says the title and why), with ways to keep them. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
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
      <ul className="codes" aria-label={t('backupCodes.title')}>
        {codes.map((code) => (
          <li key={code} className="mono">
            {code}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={copy}>
          <Copy aria-hidden="true" size={16} />
          {t('backupCodes.copy')}
        </button>
        <button type="button" onClick={download}>
          <Download aria-hidden="true" size={16} />
          {t('backupCodes.download')}
        </button>
      </div>
      <span aria-live="polite" className="hint">
        {copied ? t('copy.copied') : ''}
      </span>
    </div>
  );
}
