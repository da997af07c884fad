/**
 * Under an anomaly's form (issue 26 §4): the proofs its customer sent that it resolved it itself,
 * those waiting for the office first, each with its note, its files (each openable) and its outcome,
 * and a link to its record. A waiting one has its «Accetta» and «Rifiuta» here too: the same commands
 * as on its record (buttons, palette and `t r …` keys run the same code).
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import { pendingFirst } from '../../domain/entities/rectifications.ts';
import { findKind } from '../../domain/kinds.ts';
import { entityUrl } from '../../domain/routes.ts';
import { listKey, records } from '../data/index.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/rectifications.ts';
import { ProofLine } from '../portal/portal-anomalies.tsx';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { TransitionBar } from '../forms/transition-bar.tsx';

addMessages(messages);

const day = (instant: unknown) => (typeof instant === 'string' ? new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(instant)) : '');

export default function AnomalyRectifications({ id }: { id: string }) {
  const { ability } = useSession();
  const readable = ability.can('read', findKind('rectifications')?.subject ?? 'rectification');
  const params = { 'filter[anomalyId]': id, sort: '-createdDateTime', 'page[size]': '100' };
  const list = useQuery({ queryKey: listKey('rectifications', params), queryFn: ({ signal }) => records.list('rectifications', params, signal, { silent: true }), enabled: readable });
  if (!readable) return null;
  const rows = pendingFirst(list.data?.data ?? []);
  return (
    <section className="anomaly-rectifications portal-anomalies" aria-labelledby={`anomaly-rectifications-${id}`}>
      <h2 id={`anomaly-rectifications-${id}`}><FormattedMessage id="rectifications.anomaly.title" /></h2>
      {list.data && rows.length === 0 && <p><FormattedMessage id="rectifications.anomaly.none" /></p>}
      {rows.length > 0 && (
        <ul className="portal-proofs">
          {rows.map((row) => <ProofRow key={row.id} proof={row} />)}
        </ul>
      )}
    </section>
  );
}

function ProofRow({ proof }: { proof: Entity }) {
  const intl = useIntl();
  const href = entityUrl('rectifications', proof.id);
  const waiting = proof.attributes.state === 'submitted';
  return (
    <ProofLine proof={proof}>
      {href && (
        <div>
          <AppLink href={href}>{intl.formatMessage({ id: waiting ? 'rectifications.anomaly.open' : 'rectifications.anomaly.view' }, { day: day(proof.metadata.createdDateTime) })}</AppLink>
        </div>
      )}
      {waiting && <TransitionBar type="rectifications" entity={proof} />}
    </ProofLine>
  );
}
