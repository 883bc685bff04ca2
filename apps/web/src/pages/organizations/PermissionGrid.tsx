import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/Field';
import { ALL_STATEMENTS } from './permissions';

type Resource = 'organization' | 'member' | 'invitation' | 'team' | 'ac';
type Action = 'create' | 'read' | 'update' | 'delete' | 'cancel';

/** A permission in words: "Teams: create" (a resource or action the app does not know shows as stored). */
export function usePermissionLabel(): (resource: string, action: string) => string {
  const { t } = useTranslation('teams');
  return (resource, action) => {
    const r = resource in ALL_STATEMENTS ? t(`roles.resource.${resource as Resource}`) : resource;
    const a = ['create', 'read', 'update', 'delete', 'cancel'].includes(action) ? t(`roles.action.${action as Action}`) : action;
    return `${r}: ${a}`;
  };
}

/** Every grantable permission as a checkbox, grouped by resource; `selected` holds `resource:action` keys. */
export function PermissionGrid({ selected, onChange }: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void }) {
  const { t } = useTranslation('teams');
  const label = usePermissionLabel();
  const heading = useId();
  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  return (
    <fieldset className="permission-grid" aria-labelledby={heading}>
      <legend id={heading}>{t('roles.permissions')}</legend>
      {Object.entries(ALL_STATEMENTS).map(([resource, actions]) => (
        <div key={resource} className="permission-row">
          {actions.map((action) => {
            const key = `${resource}:${action}`;
            return <Checkbox key={key} label={label(resource, action)} checked={selected.has(key)} onChange={(on) => toggle(key, on)} />;
          })}
        </div>
      ))}
    </fieldset>
  );
}
