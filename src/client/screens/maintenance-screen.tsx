/**
 * The Maintenance route (SPEC §2): the client lands here when the server answers 503 MAINTENANCE
 * (api/client.ts). Opened while maintenance is off (a bookmark, a reload after it ended) it would
 * say «Manutenzione in corso» with no way out, so it asks the server (`GET /api/maintenance`, open
 * to everyone during maintenance) and, when maintenance is off, says the application is available
 * and offers a focused link back to the workspace (`/dashboard`). While maintenance is on it keeps
 * its text and asks again every MAINTENANCE_RECHECK_MS; if the question fails it keeps its text.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { api } from '../api/client.ts';

export const MAINTENANCE_RECHECK_MS = 30_000;

export type MaintenanceState = { enabled: boolean; message?: string };

/** The server's maintenance switch, without alerts (a failure keeps the page as it is). */
export const readMaintenanceState = async (): Promise<MaintenanceState> =>
  (await api.get<{ data: MaintenanceState }>('/maintenance', { silent: true })).data;

type Phase = 'checking' | 'on' | 'off';

export function MaintenanceScreen({ readState = readMaintenanceState }: { readState?: () => Promise<MaintenanceState> }) {
  const [phase, setPhase] = useState<Phase>('checking');
  const back = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      let enabled = true;
      try {
        enabled = (await readState()).enabled;
      } catch {
        // Unknown: keep saying maintenance, as before this check existed.
      }
      if (!live) return;
      setPhase(enabled ? 'on' : 'off');
      if (enabled) timer = setTimeout(() => void check(), MAINTENANCE_RECHECK_MS);
    };
    void check();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [readState]);

  useEffect(() => {
    if (phase === 'off') back.current?.focus();
  }, [phase]);

  if (phase === 'checking') {
    return (
      <section className="screen screen-maintenance" aria-busy="true">
        <p className="screen-loading" role="status"><FormattedMessage id="screens.loading" /></p>
      </section>
    );
  }
  if (phase === 'off') {
    return (
      <section className="screen screen-maintenance">
        <h1><FormattedMessage id="screens.maintenance.available.title" /></h1>
        <p><FormattedMessage id="screens.maintenance.available.text" /></p>
        <p>
          <a ref={back} href="/dashboard">
            <FormattedMessage id="screens.maintenance.available.back" />
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="screen screen-maintenance">
      <h1><FormattedMessage id="screens.maintenance.title" /></h1>
      <p><FormattedMessage id="screens.maintenance.text" /></p>
    </section>
  );
}
