import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { fieldErrors } from '../../lib/field-errors';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

type Passkey = NonNullable<Awaited<ReturnType<typeof auth.passkey.listUserPasskeys>>['data']>[number];

/** One passkey as a row: its name, when it was added and last used; "Rename" in a dialog, "Delete" after a confirmation. */
export function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(passkey.name ?? '');
  const rename = useAction(() => auth.passkey.updatePasskey({ id: passkey.id, name: name.trim() }));
  const remove = useAction(() => auth.passkey.deletePasskey({ id: passkey.id }));
  const label = passkey.name || t('passkeys.unnamed');

  const save = async () => {
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
      <div>
        <p className="strong break">{label}</p>
        <p className="muted">
          {t('passkeys.created', { date: formatDate(passkey.createdAt) })} ·{' '}
          {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
        </p>
        <ErrorMessage error={remove.error} />
      </div>
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            setName(passkey.name ?? '');
            rename.setError(null);
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
      <FormDialog
        open={mode === 'rename'}
        title={t('passkeys.renameTitle')}
        submitLabel={t('passkeys.saveName')}
        pending={rename.pending}
        error={rename.error}
        onSubmit={save}
        onClose={() => setMode('view')}
      >
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
      </FormDialog>
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
    </li>
  );
}
