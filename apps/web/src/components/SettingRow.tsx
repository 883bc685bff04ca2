import type { ReactNode } from 'react';

interface SettingRowProps {
  /** What the setting is, e.g. "Email". */
  label: string;
  /** Its current value, as text (or a few words and a badge). */
  value?: ReactNode;
  /** Muted words under the value. */
  hint?: ReactNode;
  /** The row's one action (a button that opens its dialog), or a few for a list item. */
  action?: ReactNode;
}

/**
 * One setting as a row, as Clerk's and Linear's settings show them: its name, its current value, and
 * one action that opens a dialog for the change. On a phone the action goes under the value.
 */
export function SettingRow({ label, value, hint, action }: SettingRowProps) {
  return (
    <div className="setting-row">
      <div className="setting-label">{label}</div>
      <div className="setting-value">
        {value}
        {hint ? <div className="muted setting-hint">{hint}</div> : null}
      </div>
      {action ? <div className="setting-action">{action}</div> : null}
    </div>
  );
}
