/**
 * A record page reads its record once, before anything else on it: the form or the kind's own screen,
 * what the kind shows under it (an equipment's file, a record's files, the rows below) and its linked
 * pages all read it from the cache. A record the user may not read (another module's, another user's
 * reminder: 403) or that is gone says why in place of the page, in the problem's Italian text, with a
 * way back, and nothing under it asks the server again (one request, one message, no alert).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { customerUserHome } from '../../domain/routes.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { recordKey, records } from '../data/records.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';

/** Renders `children` once the record `type`/`id` is read; its refusal or failure otherwise. `enabled: false` (a new record): at once. */
export function RecordGate({ type, id, enabled = true, children }: { type: string; id: string; enabled?: boolean; children: ReactNode }) {
  const query = useQuery({ queryKey: recordKey(type, id), queryFn: ({ signal }) => records.get(type, id, signal, { silent: true }), enabled });
  if (!enabled || query.data !== undefined) return <>{children}</>;
  if (query.isError) return <RecordProblem error={query.error} />;
  return <p role="status"><FormattedMessage id="screens.loading" /></p>;
}

/** Why a record could not be read («Il modulo di questo elemento non è abilitato per il tuo utente»), and the way home. */
export function RecordProblem({ error }: { error: unknown }) {
  const { identity } = useSession();
  const portal = identity.userType === 'customer' && identity.customerId ? customerUserHome(identity.customerId) : undefined;
  const reason = error instanceof ApiProblem ? problemText(error) : undefined;
  return (
    <div className="record-problem" role="alert">
      <p><strong><FormattedMessage id="form.loadError" /></strong>{reason ? `: ${reason}` : ''}</p>
      <p>
        <AppLink href={portal ?? '/dashboard'}>
          <FormattedMessage id={portal ? 'workspace.notFound.portalHome' : 'workspace.notFound.home'} />
        </AppLink>
      </p>
    </div>
  );
}
