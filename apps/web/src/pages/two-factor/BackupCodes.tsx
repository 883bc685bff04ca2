import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Freshly issued backup codes: shown once, with ways to keep them (`inDialog`: the dialog says the title and why). */
export function BackupCodes({ codes, inDialog = false }: { codes: string[]; inDialog?: boolean }) {
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
      {inDialog ? null : (
        <>
          <h3>{t('backupCodes.title')}</h3>
          <p>{t('backupCodes.body')}</p>
        </>
      )}
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
