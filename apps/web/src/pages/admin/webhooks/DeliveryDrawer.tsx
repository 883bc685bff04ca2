import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { auth } from '../../../auth';
import { formatDate } from '../../../lib/format';

export type Delivery = NonNullable<Awaited<ReturnType<typeof auth.webhooks.deliveries>>['data']>['deliveries'][number];

/**
 * One delivery in a drawer at the side (a modal <dialog>: Escape closes it, focus returns to the row's
 * button): what was sent (event, message id, the JSON body) and what came back (status, the start of the body).
 */
export function DeliveryDrawer({ delivery, onClose }: { delivery: Delivery | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (delivery && !dialog.open) dialog.showModal();
    if (!delivery && dialog.open) dialog.close();
  }, [delivery]);
  return (
    <dialog
      ref={ref}
      className="drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {delivery ? (
        <div className="stack">
          <div className="drawer-head">
            <h2 id={titleId}>{t('drawer.title', { event: delivery.eventType })}</h2>
            <button type="button" onClick={onClose}>
              <X size={16} aria-hidden="true" />
              {t('drawer.close')}
            </button>
          </div>
          <section aria-labelledby={`${titleId}-request`} className="stack">
            <h3 id={`${titleId}-request`}>{t('drawer.request')}</h3>
            <dl className="details">
              <dt>{t('deliveries.column.event')}</dt>
              <dd className="mono">{delivery.eventType}</dd>
              <dt>{t('drawer.messageId')}</dt>
              <dd className="mono">{delivery.messageId}</dd>
              <dt>{t('drawer.created')}</dt>
              <dd>{formatDate(delivery.createdAt)}</dd>
              <dt>{t('deliveries.column.attempts')}</dt>
              <dd>{delivery.attempts}</dd>
            </dl>
            <figure className="drawer-figure">
              <figcaption>{t('drawer.payload')}</figcaption>
              <pre className="drawer-body">{JSON.stringify(delivery.payload, null, 2)}</pre>
            </figure>
          </section>
          <section aria-labelledby={`${titleId}-response`} className="stack">
            <h3 id={`${titleId}-response`}>{t('drawer.response')}</h3>
            {delivery.attempts === 0 ? (
              <p className="muted">{t('drawer.notYet')}</p>
            ) : (
              <>
                <dl className="details">
                  <dt>{t('drawer.status')}</dt>
                  <dd>{delivery.lastStatusCode ?? t('drawer.noAnswer')}</dd>
                  <dt>{t('drawer.at')}</dt>
                  <dd>{formatDate(delivery.lastAttemptAt)}</dd>
                  {delivery.lastError && delivery.lastError !== `HTTP ${delivery.lastStatusCode}` ? (
                    <>
                      <dt>{t('drawer.error')}</dt>
                      <dd>{delivery.lastError}</dd>
                    </>
                  ) : null}
                </dl>
                {delivery.lastResponse ? (
                  <figure className="drawer-figure">
                    <figcaption>{t('drawer.responseBody')}</figcaption>
                    <pre className="drawer-body">{delivery.lastResponse}</pre>
                  </figure>
                ) : delivery.lastStatusCode !== null ? (
                  <p className="muted">{t('drawer.emptyBody')}</p>
                ) : null}
              </>
            )}
          </section>
        </div>
      ) : null}
    </dialog>
  );
}
