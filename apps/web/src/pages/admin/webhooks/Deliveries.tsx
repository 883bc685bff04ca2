import { useEffect } from 'react';
import { auth } from '../../../auth';
import { Empty, ErrorMessage, Loading } from '../../../components/Messages';
import { formatDate } from '../../../lib/format';
import { serverChanged, useServerQuery } from '../../../lib/server-state';
import { useAction } from '../../../lib/use-action';

/** To the second: attempts a few seconds apart must read apart. */
function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

const STATUS_LABEL = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;
/** While a delivery is pending the log looks again this often (the worker acts without the page). */
const WATCH_MS = 3000;

/** An endpoint's deliveries, newest first: event, status, response code, attempts, time, and "Redeliver". */
export function Deliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useServerQuery(`webhook-deliveries:${endpointId}`, () => auth.webhooks.deliveries({ id: endpointId, limit: 50 }));
  const redeliver = useAction((deliveryId: string) => auth.webhooks.redeliver({ deliveryId }));
  const rows = deliveries.data?.deliveries ?? [];
  const pending = rows.some((d) => d.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(serverChanged, WATCH_MS);
    return () => clearInterval(timer);
  }, [pending]);

  return (
    <div className="stack">
      <div className="deliveries-head">
        <h3>Deliveries</h3>
        <button type="button" onClick={serverChanged}>
          Refresh
        </button>
      </div>
      <ErrorMessage error={deliveries.error ?? redeliver.error} />
      {deliveries.isPending && !deliveries.data ? <Loading what="Loading deliveries…" /> : null}
      {deliveries.data && rows.length === 0 ? <Empty>No deliveries yet.</Empty> : null}
      {rows.length ? (
        <div className="table-wrap">
          <table className="responsive">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Code</th>
                <th scope="col">Attempts</th>
                <th scope="col">Time</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <td data-label="Event" className="mono">
                    {d.eventType}
                  </td>
                  <td data-label="Status">
                    <span className={`badge ${d.status === 'succeeded' ? 'ok' : d.status === 'failed' ? 'error' : 'warn'}`}>{STATUS_LABEL[d.status]}</span>
                    {d.lastError ? <div className="hint">{d.lastError}</div> : null}
                    {d.status === 'pending' && d.nextAttemptAt ? <div className="hint">Next attempt {formatDate(d.nextAttemptAt)}</div> : null}
                  </td>
                  <td data-label="Code">{d.lastStatusCode ?? '—'}</td>
                  <td data-label="Attempts">{d.attempts}</td>
                  <td data-label="Time" className="nowrap">
                    {formatTime(d.lastAttemptAt ?? d.createdAt)}
                  </td>
                  <td>
                    {d.status === 'pending' ? null : (
                      <button type="button" onClick={() => redeliver.run(d.id)} disabled={redeliver.pending} aria-label={`Redeliver ${d.eventType} of ${formatDate(d.createdAt)}`}>
                        Redeliver
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
