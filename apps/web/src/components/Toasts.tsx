import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Toast {
  id: number;
  text: string;
}

type Show = (text: string) => void;

const ToastContext = createContext<Show>(() => {});

/** How long a toast stays, unless the pointer or focus is on its dismiss button. */
const TOAST_MS = 5000;

/**
 * Brief confirmations of completed actions ("Passkey removed"), announced politely to screen readers.
 * A form's own errors stay beside the form; toasts are only for success.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback<Show>((text) => {
    const id = next.current++;
    setToasts((list) => [...list.slice(-2), { id, text }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* A status (announced politely) only while it holds a toast, so a page's own status message stays the only one otherwise. */}
      {toasts.length > 0 ? (
        <div className="toasts" role="status">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      ) : null}
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, onDismiss, toast.id]);
  return (
    <div className="toast">
      <span>{toast.text}</span>
      <button
        type="button"
        className="link"
        aria-label={t('actions.dismiss')}
        onClick={() => onDismiss(toast.id)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
      >
        ×
      </button>
    </div>
  );
}

/** `toast('Saved')` after an action succeeded. */
export function useToast(): Show {
  return useContext(ToastContext);
}
