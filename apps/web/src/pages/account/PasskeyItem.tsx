import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { fieldErrors } from '../../lib/field-errors';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

type Passkey = NonNullable<Awaited<ReturnType<typeof auth.passkey.listUserPasskeys>>['data']>[number];

/** One passkey: its name, when it was added and last used, "Rename" in place, "Delete" after a confirmation. */
export function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(passkey.name ?? '');
  const rename = useAction(() => auth.passkey.updatePasskey({ id: passkey.id, name: name.trim() }));
  const remove = useAction(() => auth.passkey.deletePasskey({ id: passkey.id }));
  const label = passkey.name || t('passkeys.unnamed');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await rename.run();
    if (data) {
      setMode('view');
      toast(t('passkeys.renamedToast'));
    }
  };
  const confirmDelete = async () => {
    const { error } = await remove.run();
    setMode('view');
    if (!error) toast(t('passkeys.deletedToast', { name: label }));
  };

  return (
    <li className="list-item">
      {mode === 'rename' ? (
        <form onSubmit={save} className="form" style={{ flex: '1 1 100%' }}>
          <Field
            label={t('passkeys.newName')}
            value={name}
            required
            maxLength={100}
            autoFocus
            error={fieldErrors(rename.error).name}
            onChange={(e) => setName(e.target.value)}
          />
          <ErrorMessage error={rename.error} fieldsShown />
          <div className="actions">
            <button type="submit" className="primary" disabled={rename.pending}>
              {t('passkeys.saveName')}
            </button>
            <button type="button" onClick={() => setMode('view')} disabled={rename.pending}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <p className="strong">{label}</p>
            <p className="muted">{t('passkeys.created', { date: formatDate(passkey.createdAt) })}</p>
            <p className="muted">
              {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
            </p>
            <ErrorMessage error={remove.error} />
          </div>
          <div className="actions">
            <button
              type="button"
              onClick={() => {
                setName(passkey.name ?? '');
                setMode('rename');
              }}
              aria-label={t('passkeys.renameNamed', { name: label })}
            >
              {t('passkeys.rename')}
            </button>
            <button type="button" className="danger" onClick={() => setMode('delete')} aria-label={t('passkeys.deleteNamed', { name: label })}>
              {t('passkeys.delete')}
            </button>
          </div>
          {/* Inside the list item, so the question is read as part of this passkey. */}
          <ConfirmDialog
            open={mode === 'delete'}
            title={t('passkeys.confirmTitle')}
            confirmLabel={t('passkeys.confirm')}
            destructive
            pending={remove.pending}
            onConfirm={confirmDelete}
            onCancel={() => setMode('view')}
          >
            <p>{t('passkeys.confirmBody', { name: label })}</p>
          </ConfirmDialog>
        </>
      )}
    </li>
  );
}
