/**
 * The register of checks of one site, live (issue 26 §2, D.M. 1 settembre 2021): the rows its PDF
 * prints (`GET /api/customers/{id}/register?site=`, read as the user reads them) — each equipment's
 * checks with the technician and their qualification, the anomalies and how they were resolved, the
 * interventions carried out — and the site's PDF, with its verification QR code, to download.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { formatValue } from '../forms/format.ts';
import { downloadUrl } from '../shell/download.ts';
import { useSession } from '../session/session.tsx';
import './portal-styles.ts';

type Row = Record<string, string | undefined>;
interface RegisterRows {
  registro: { riferimentoNormativo?: string; sede?: string };
  controlli: Row[];
  anomalie: Row[];
  interventi: Row[];
}

/** The columns of each part, in the PDF's order: the row's field, its heading, and how it reads. */
const PARTS = {
  controlli: [['attrezzatura', 'equipment'], ['tipo', 'type'], ['posizione', 'position'], ['data', 'date', 'datetime'], ['controllo', 'check'], ['esito', 'outcome'], ['note', 'notes'], ['tecnico', 'technician']],
  anomalie: [['attrezzatura', 'equipment'], ['rilevata', 'found', 'datetime'], ['rischio', 'risk'], ['descrizione', 'description'], ['stato', 'state'], ['risoltaIl', 'resolvedOn', 'datetime'], ['risoltaDa', 'resolvedBy']],
  interventi: [['codice', 'intervention'], ['data', 'date', 'datetime'], ['descrizione', 'description'], ['esito', 'outcome'], ['tecnico', 'technician']],
} as const satisfies Record<string, readonly (readonly [string, string, ('datetime' | undefined)?])[]>;

export function SiteRegister({ customerId, siteId, siteName }: { customerId: string; siteId: string; siteName: string }) {
  const intl = useIntl();
  const { ability } = useSession();
  const [error, setError] = useState<string | undefined>();
  const readable = ['equipments', 'checks'].every((type) => ability.can('read', findKind(type)!.subject));
  const register = useQuery({
    queryKey: ['register', customerId, siteId],
    queryFn: () => api.get<{ data: RegisterRows }>('/customers/{id}/register', { params: { id: customerId }, query: { site: siteId }, silent: true }).then((answer) => answer.data),
    enabled: readable,
  });
  if (!readable) return null;
  const download = async () => {
    setError(undefined);
    try {
      const pdf = await api.get<Blob>('/customers/{id}/document', { params: { id: customerId }, query: { site: siteId }, silent: true });
      const url = URL.createObjectURL(pdf instanceof Blob ? pdf : new Blob([pdf], { type: 'application/pdf' }));
      downloadUrl(url, `${intl.formatMessage({ id: 'portal.register.fileName' }, { site: siteName })}.pdf`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (problem) {
      setError(problem instanceof ApiProblem ? problemText(problem) : String(problem));
    }
  };
  return (
    <section className="portal-register" aria-labelledby={`portal-register-${siteId}`}>
      <h2 id={`portal-register-${siteId}`}><FormattedMessage id="portal.register.title" /></h2>
      <p className="form-hint">{register.data?.registro.riferimentoNormativo ?? <FormattedMessage id="portal.register.hint" />}</p>
      <p>
        <button type="button" onClick={() => void download()}>
          <FormattedMessage id="portal.register.download" values={{ site: siteName }} />
        </button>
      </p>
      {error && <p role="alert">{error}</p>}
      {register.isError && <p role="alert">{register.error instanceof ApiProblem ? problemText(register.error) : intl.formatMessage({ id: 'portal.register.failed' })}</p>}
      {register.isPending && <p role="status"><FormattedMessage id="portal.loading" /></p>}
      {register.data && (Object.keys(PARTS) as (keyof typeof PARTS)[]).map((part) => (
        <RegisterPart key={part} siteId={siteId} part={part} rows={register.data[part]} />
      ))}
    </section>
  );
}

function RegisterPart({ siteId, part, rows }: { siteId: string; part: keyof typeof PARTS; rows: Row[] }) {
  const titleId = `portal-register-${siteId}-${part}`;
  const columns: readonly (readonly [string, string, ('datetime' | undefined)?])[] = PARTS[part];
  return (
    <div className={`portal-register-${part}`} data-register={part}>
      <h3 id={titleId}><FormattedMessage id={`portal.register.${part}`} values={{ count: rows.length }} /></h3>
      {rows.length === 0 ? <p><FormattedMessage id={`portal.register.${part}.none`} /></p> : (
        // Wide on a phone: the table scrolls by itself, reachable by the keyboard.
        <div className="portal-table-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className="documents-table" aria-labelledby={titleId}>
            <thead>
              <tr>{columns.map(([field, heading]) => <th key={field} scope="col"><FormattedMessage id={`portal.register.column.${heading}`} /></th>)}</tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {columns.map(([field, , format], column) => {
                    const value = row[field];
                    const text = value === undefined || value === '' ? '—' : format ? formatValue(value, format) : value;
                    const withQualification = field === 'tecnico' && row.qualificaTecnico ? `${text} – ${row.qualificaTecnico}` : text;
                    return column === 0 ? <th key={field} scope="row">{withQualification}</th> : <td key={field}>{withQualification}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
