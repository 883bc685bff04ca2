import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../auth';
import { ErrorMessage } from '../../../components/Messages';
import { EmptyState, SkeletonRows } from '../../../components/Placeholders';
import { formatDate } from '../../../lib/format';
import { useAction } from '../../../lib/use-action';
import { formatTime } from '../chart-format';
import { type Delivery, DeliveryDrawer } from './DeliveryDrawer';
import { keys, queries } from '../../../lib/queries';
import { refusalOf } from '../../../lib/query-client';
import { useQuery } from '@tanstack/react-query';

/** While a delivery is pending the log looks again this often. */
const WATCH_MS = 3000;

/** An endpoint's deliveries, newest first: event, status, response code, attempts, time, and "Redeliver". */
export function Deliveries({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('admin');
  // While a delivery is pending the log looks again on its own (the worker acts without the page).
  const deliveries = useQuery({
    ...queries.deliveries(endpointId),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? WATCH_MS : false),
  });
  const redeliver = useAction((deliveryId: string) => auth.webhooks.redeliver({ deliveryId }), { invalidates: [keys.admin.deliveries(endpointId)] });
  const rows = deliveries.data?.deliveries ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  // The drawer shows the row as the log has it now (a refresh updates it in place).
  const open: Delivery | null = rows.find((d) => d.id === openId) ?? null;

  return (
    <div className="stack">
      <div className="deliveries-head">
        <h3>{t('deliveries.title')}</h3>
        <button type="button" onClick={() => void deliveries.refetch()}>
          <RefreshCw size={16} aria-hidden="true" />
          {t('deliveries.refresh')}
        </button>
      </div>
      <ErrorMessage error={refusalOf(deliveries.error) ?? redeliver.error} />
      {deliveries.isPending && !deliveries.data ? <SkeletonRows label={t('deliveries.loading')} rows={2} /> : null}
      {deliveries.data && rows.length === 0 ? <EmptyState title={t('deliveries.none')}>{t('deliveries.noneHint')}</EmptyState> : null}
      {rows.length ? (
        <div className="table-wrap">
          <table className="responsive">
            <thead>
              <tr>
                <th scope="col">{t('deliveries.column.event')}</th>
                <th scope="col">{t('deliveries.column.status')}</th>
                <th scope="col">{t('deliveries.column.code')}</th>
                <th scope="col">{t('deliveries.column.attempts')}</th>
                <th scope="col">{t('deliveries.column.time')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('deliveries.column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <td data-label={t('deliveries.column.event')} className="mono nowrap">
                    {d.eventType}
                  </td>
                  <td data-label={t('deliveries.column.status')}>
                    <div className="delivery-status">
                      <span className={`badge ${d.status === 'succeeded' ? 'ok' : d.status === 'failed' ? 'error' : 'warn'}`}>
                        {t(`deliveries.status.${d.status}`)}
                      </span>
                      {/* "HTTP 500" is already said by the Code column. */}
                      {d.lastError && d.lastError !== `HTTP ${d.lastStatusCode}` ? <div className="hint">{d.lastError}</div> : null}
                      {d.status === 'pending' && d.nextAttemptAt ? (
                        <div className="hint">{t('deliveries.nextAttempt', { date: formatDate(d.nextAttemptAt) })}</div>
                      ) : null}
                    </div>
                  </td>
                  <td data-label={t('deliveries.column.code')}>{d.lastStatusCode ?? '—'}</td>
                  <td data-label={t('deliveries.column.attempts')}>{d.attempts}</td>
                  <td data-label={t('deliveries.column.time')} className="nowrap">
                    {formatTime(d.lastAttemptAt ?? d.createdAt)}
                  </td>
                  <td className="row-actions">
                    <button
                      type="button"
                      onClick={() => setOpenId(d.id)}
                      aria-label={t('deliveries.detailsLabel', { event: d.eventType, date: formatDate(d.createdAt) })}
                    >
                      {t('deliveries.details')}
                    </button>{' '}
                    {d.status === 'pending' ? null : (
                      <button
                        type="button"
                        onClick={() => redeliver.run(d.id)}
                        disabled={redeliver.pending}
                        aria-label={t('deliveries.redeliverLabel', { event: d.eventType, date: formatDate(d.createdAt) })}
                      >
                        {t('deliveries.redeliver')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <DeliveryDrawer delivery={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
