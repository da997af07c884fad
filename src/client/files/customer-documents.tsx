/**
 * The documents of a customer in its files section (issue 22): its employees' course certificates
 * (files stored with each employee), the reports of its concluded interventions (printed by the
 * server from the report template), its orders with their «Conferma d'ordine» and its issued
 * quotations with the copy signed online (issue 26 §5), each downloaded as a PDF. What the reader may not read is left
 * out: a kind it cannot list is no section at all. The same list serves staff and the customer's
 * own users, whose reads are limited to their customer by the read rule. A document issued again
 * (a report kept again after a correction, a certificate re-issued) keeps its earlier issues as
 * numbered versions (issue 26 §5, `src/domain/documents/versions.ts`): the newest is downloaded, the
 * others are listed under it.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { listKey, records } from '../data/index.ts';
import { downloadUrl } from '../shell/download.ts';
import { formatValue } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import fileMessages from '../i18n/messages/files.ts';
import { useSession } from '../session/session.tsx';
import { downloadMedia } from './upload.ts';
import { RegisterLinks } from './register-links.tsx';
import { DocumentsHeading, DocumentsHeadingLevel } from './documents-heading.tsx';
import { businessDay, dayOf } from '../../domain/business-day.ts';
import { documentVersions, type DocumentVersion } from '../../domain/documents/versions.ts';
import { orderStateLabels, quotationStateLabels } from '../../domain/machines/index.ts';
import { customerDocumentSections, hasCustomerDocuments } from './customer-document-sections.ts';

addMessages(fileMessages);

/** The most recent documents of each kind shown (a customer with more says how many there are). */
const SHOWN = 100;
/** The issued reports read to show their versions (several per intervention when re-issued). */
const ISSUED_SHOWN = 500;
/** The states of a concluded intervention, whose report is final. */
const CONCLUDED = ['closed', 'closed-with-anomalies'];
/** The quotations a customer has received: issued, then accepted or not (a draft is the office's). */
const RECEIVED = ['issued', 'accepted', 'not-accepted'];

/**
 * `ownPage`: the documents are the page's whole content (the portal's «Documenti», titled by its h1): no heading of their own.
 * `readOnly`: staff looking at the portal as its users see it: the register's share links are listed, none made.
 */
export function CustomerDocuments({ customerId, ownPage = false, readOnly = false }: { customerId: string; ownPage?: boolean; readOnly?: boolean }) {
  const { ability, identity } = useSession();
  const [error, setError] = useState<string | undefined>();
  const readable = (type: string) => {
    const kind = findKind(type);
    return kind !== undefined && ability.can('read', kind.subject);
  };
  const fail = (problem: unknown) => setError(problem instanceof ApiProblem ? problemText(problem) : problem instanceof Error ? problem.message : String(problem));
  const sections = customerDocumentSections(readable, identity.allowedModules);
  if (!hasCustomerDocuments(sections)) return null;
  const content = (
    <>
      <p className="form-hint"><FormattedMessage id="files.documents.hint" /></p>
      {error && <p role="alert" className="files-error">{error}</p>}
      {sections.certificates && <Certificates customerId={customerId} onError={fail} />}
      {sections.reports && <Reports customerId={customerId} onError={fail} />}
      {sections.register && <Register customerId={customerId} onError={fail} />}
      {sections.register && <RegisterLinks customerId={customerId} readOnly={readOnly} />}
      {sections.orders && <Orders customerId={customerId} onError={fail} />}
      {sections.quotations && <Quotations customerId={customerId} printable={sections.quotationPdfs} signedCopies={sections.signedCopies} onError={fail} />}
      <DownloadLog customerId={customerId} />
    </>
  );
  if (ownPage) return <DocumentsHeadingLevel.Provider value="h2"><div className="customer-documents">{content}</div></DocumentsHeadingLevel.Provider>;
  return (
    <section className="customer-documents" aria-labelledby={`customer-documents-${customerId}`}>
      <h3 id={`customer-documents-${customerId}`}><FormattedMessage id="files.documents.title" /></h3>
      {content}
    </section>
  );
}

function Certificates({ customerId, onError }: { customerId: string; onError(problem: unknown): void }) {
  const query = { 'filter[customerId]': customerId, 'filter[ownerType]': 'employees', 'filter[nodeKind]': 'media', sort: '-createdDateTime', 'page[size]': SHOWN };
  const list = useQuery({ queryKey: listKey('media', query), queryFn: ({ signal }) => records.list('media', query, signal) });
  const rows = documentVersions((list.data?.data ?? []) as EntityJson[]).map(({ current, versions }) => {
    const media = current.media;
    return {
      id: media.id,
      name: String(media.attributes.name ?? ''),
      date: dayOf(String((media.attributes.meta as Record<string, unknown> | undefined)?.issuedOn ?? media.metadata.createdDateTime ?? '')),
      download: () => downloadMedia(media.id, String(media.attributes.name ?? 'attestato.pdf')),
      versions,
    };
  });
  return <DocumentList kind="certificates" empty="files.documents.noCertificates" pending={list.isPending} rows={rows} total={list.data?.meta.total ?? 0} onError={onError} />;
}

function Reports({ customerId, onError }: { customerId: string; onError(problem: unknown): void }) {
  const kind = findKind('assignments')!;
  const query = { 'filter[customerId]': customerId, 'filter[state]': CONCLUDED.join(','), sort: '-plannedStartDateTime', 'page[size]': SHOWN };
  const list = useQuery({ queryKey: listKey('assignments', query), queryFn: ({ signal }) => records.list('assignments', query, signal) });
  // The reports kept on the interventions (issued, maybe again after a correction): their versions.
  const issuedQuery = { 'filter[customerId]': customerId, 'filter[ownerType]': 'assignments', 'filter[nodeKind]': 'media', sort: '-createdDateTime', 'page[size]': ISSUED_SHOWN };
  const issued = useQuery({ queryKey: listKey('media', issuedQuery), queryFn: ({ signal }) => records.list('media', issuedQuery, signal) });
  const reportFiles = ((issued.data?.data ?? []) as EntityJson[]).filter((media) => (media.attributes.meta as { generated?: { documentType?: unknown } } | undefined)?.generated?.documentType === 'interventionReport');
  const versionsOf = new Map(documentVersions(reportFiles).map((document) => [String(document.current.media.relationships.ownerId), document.versions]));
  const rows = ((list.data?.data ?? []) as EntityJson[]).map((intervention) => {
    const title = kind.title(intervention) || kind.label.singular;
    const versions = versionsOf.get(intervention.id);
    const fileName = `Rapporto ${String(intervention.attributes.code ?? title)}.pdf`;
    return {
      id: intervention.id,
      name: title,
      date: dayOf(String(intervention.attributes.plannedStartDateTime ?? '')),
      // The report as issued (the version in force), or printed now when it was never kept.
      download: () => (versions ? downloadMedia(versions[0]!.media.id, fileName) : downloadDocument('assignments', intervention.id, fileName)),
      versions: versions ?? [],
    };
  });
  return <DocumentList kind="reports" empty="files.documents.noReports" pending={list.isPending} rows={rows} total={list.data?.meta.total ?? 0} onError={onError} />;
}

/**
 * The register of fire-protection checks (D.M. 1 settembre 2021), printed now from the customer's
 * equipment and their checks (its default document): what an inspector asks to see.
 */
function Register({ customerId, onError }: { customerId: string; onError(problem: unknown): void }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: 'files.documents.registerName' });
  const rows: DocumentRow[] = [{ id: `register-${customerId}`, name, date: businessDay(), download: () => downloadDocument('customers', customerId, `${name}.pdf`) }];
  return <DocumentList kind="register" empty="files.documents.noReports" pending={false} rows={rows} total={1} onError={onError} />;
}

/** The customer's orders, each printed as its «Conferma d'ordine» (issue 26 §5). */
function Orders({ customerId, onError }: { customerId: string; onError(problem: unknown): void }) {
  const intl = useIntl();
  const query = { 'filter[customerId]': customerId, sort: '-orderDate', 'page[size]': SHOWN };
  const list = useQuery({ queryKey: listKey('orders', query), queryFn: ({ signal }) => records.list('orders', query, signal) });
  const rows = ((list.data?.data ?? []) as EntityJson[]).map((order) => {
    const name = intl.formatMessage({ id: 'files.documents.orderName' }, { number: String(order.attributes.orderNumber ?? '') });
    const state = orderStateLabels[order.attributes.state as keyof typeof orderStateLabels];
    return {
      id: order.id,
      name: state ? `${name} (${state.toLowerCase()})` : name,
      date: String(order.attributes.orderDate ?? ''),
      download: () => downloadDocument('orders', order.id, `${name}.pdf`),
    };
  });
  return <DocumentList kind="orders" empty="files.documents.noOrders" pending={list.isPending} rows={rows} total={list.data?.meta.total ?? 0} onError={onError} />;
}

/**
 * The quotations the customer received (issued, accepted or not), each printed as its PDF, with the copy
 * it signed online where there is one (issue 26 §3, §5). `printable`: the reader may print them (their lines);
 * otherwise only the signed copies are listed.
 */
function Quotations({ customerId, printable, signedCopies, onError }: { customerId: string; printable: boolean; signedCopies: boolean; onError(problem: unknown): void }) {
  const intl = useIntl();
  const query = { 'filter[customerId]': customerId, 'filter[status]': RECEIVED.join(','), sort: '-date', 'page[size]': SHOWN };
  const list = useQuery({ queryKey: listKey('quotations', query), queryFn: ({ signal }) => records.list('quotations', query, signal) });
  const rows = ((list.data?.data ?? []) as EntityJson[]).flatMap((quotation): DocumentRow[] => {
    const code = String(quotation.attributes.code ?? '');
    const signedId = signedCopies && typeof quotation.metadata.signedDocumentId === 'string' ? quotation.metadata.signedDocumentId : undefined;
    if (!printable && !signedId) return [];
    const state = quotationStateLabels[quotation.attributes.status as keyof typeof quotationStateLabels];
    const name = `${code}${quotation.attributes.title ? ` – ${String(quotation.attributes.title)}` : ''}${state ? ` (${state.toLowerCase()})` : ''}`;
    const signed = signedId
      ? { label: intl.formatMessage({ id: 'files.documents.signedCopy' }), ariaLabel: intl.formatMessage({ id: 'files.documents.downloadSignedOf' }, { name }), download: () => downloadMedia(signedId, `${code} firmato.pdf`) }
      : undefined;
    return [{
      id: quotation.id,
      name,
      date: String(quotation.attributes.date ?? '').slice(0, 10),
      download: printable ? () => downloadDocument('quotations', quotation.id, `${code || 'Preventivo'}.pdf`) : signed!.download,
      ...(printable && signed ? { extra: signed } : {}),
    }];
  });
  return <DocumentList kind="quotations" empty="files.documents.noQuotations" pending={list.isPending} rows={rows} total={printable ? list.data?.meta.total ?? 0 : rows.length} onError={onError} />;
}

interface DownloadEntry { id: string; userName: string; what: 'file' | 'document'; title: string; dateTime: string }

/** Who took which of the customer's documents, newest first (issue 26 §5): the customer's own log. */
function DownloadLog({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const log = useQuery({
    queryKey: ['downloadLog', customerId],
    queryFn: () => api.get<{ data: DownloadEntry[] }>('/customers/{id}/downloads', { params: { id: customerId }, silent: true }).then((answer) => answer.data),
  });
  if (log.isError) return null;
  return (
    <div className="customer-documents-downloads" data-documents="downloads">
      <DocumentsHeading id={`customer-downloads-${customerId}`}><FormattedMessage id="files.documents.downloads" /></DocumentsHeading>
      {!log.data ? <p role="status"><FormattedMessage id="files.documents.loading" /></p>
        : log.data.length === 0 ? <p><FormattedMessage id="files.documents.noDownloads" /></p> : (
          <table className="documents-table" aria-labelledby={`customer-downloads-${customerId}`}>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="files.documents.downloads.when" /></th>
                <th scope="col"><FormattedMessage id="files.documents.downloads.who" /></th>
                <th scope="col"><FormattedMessage id="files.documents.downloads.what" /></th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatValue(entry.dateTime, 'datetime')}</td>
                  <td>{entry.userName || '—'}</td>
                  <td>{entry.title} ({intl.formatMessage({ id: `files.documents.downloads.${entry.what}` })})</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </div>
  );
}

/** A record's document printed by the server (its type's default template), saved as `fileName`. */
export async function downloadDocument(type: string, id: string, fileName: string): Promise<void> {
  const pdf = await api.get<Blob>('/{type}/{id}/document', { params: { type, id }, silent: true });
  const url = URL.createObjectURL(pdf instanceof Blob ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface DocumentRow {
  id: string;
  name: string;
  date: string;
  download(): Promise<void>;
  /** Issued versions, newest first; none for a document printed on demand. */
  versions?: readonly DocumentVersion[];
  /** A second download beside the first (a quotation's copy signed online). */
  extra?: { label: string; ariaLabel: string; download(): Promise<void> };
}

function DocumentList({ kind, empty, pending, rows, total, onError }: { kind: 'certificates' | 'reports' | 'register' | 'orders' | 'quotations'; empty: string; pending: boolean; rows: DocumentRow[]; total: number; onError(problem: unknown): void }) {
  const intl = useIntl();
  const titleId = `customer-documents-${kind}`;
  // The version column where the list holds issued documents (not the register, printed on demand).
  const withVersions = rows.some((row) => row.versions !== undefined);
  return (
    <div className={`customer-documents-${kind}`} data-documents={kind}>
      <DocumentsHeading id={titleId}><FormattedMessage id={`files.documents.${kind}`} /></DocumentsHeading>
      {pending ? <p role="status"><FormattedMessage id="files.documents.loading" /></p>
        : rows.length === 0 ? <p><FormattedMessage id={empty} /></p> : (
          <>
            <table className="documents-table" aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="files.documents.name" /></th>
                  <th scope="col"><FormattedMessage id="files.documents.date" /></th>
                  {withVersions && <th scope="col"><FormattedMessage id="files.documents.version" /></th>}
                  <th scope="col"><span className="sr-only"><FormattedMessage id="files.documents.download" /></span></th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-document={row.id}>
                    <th scope="row">{row.name}</th>
                    <td>{row.date ? formatValue(row.date, 'date') : '—'}</td>
                    {withVersions && <td><Versions row={row} onError={onError} /></td>}
                    <td>
                      <button type="button" aria-label={intl.formatMessage({ id: 'files.documents.downloadOf' }, { name: row.name })} onClick={() => void row.download().catch(onError)}>
                        <FormattedMessage id="files.documents.download" />
                      </button>
                      {row.extra && (
                        <>
                          {' '}
                          <button type="button" aria-label={row.extra.ariaLabel} onClick={() => void row.extra!.download().catch(onError)}>{row.extra.label}</button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {total > rows.length && <p className="form-hint"><FormattedMessage id="files.documents.more" values={{ shown: rows.length, total }} /></p>}
          </>
        )}
    </div>
  );
}

/** The version in force of an issued document, and its earlier issues, each downloadable. */
function Versions({ row, onError }: { row: DocumentRow; onError(problem: unknown): void }) {
  const intl = useIntl();
  const [current, ...earlier] = row.versions ?? [];
  if (!current) return <FormattedMessage id="files.documents.notIssued" />;
  const versionText = (version: DocumentVersion) => intl.formatMessage({ id: 'files.documents.versionOf' }, { number: version.number, date: formatValue(version.issuedAt, 'datetime') });
  return (
    <>
      <span>{versionText(current)}</span>
      {earlier.length > 0 && (
        <details className="document-versions">
          <summary><FormattedMessage id="files.documents.earlierVersions" values={{ count: earlier.length }} /></summary>
          <ul>
            {earlier.map((version) => (
              <li key={version.media.id} data-version={version.number}>
                {versionText(version)}{' '}
                <button
                  type="button"
                  aria-label={intl.formatMessage({ id: 'files.documents.downloadVersion' }, { number: version.number, name: row.name })}
                  onClick={() => void downloadMedia(version.media.id, String(version.media.attributes.name ?? `${row.name}.pdf`)).catch(onError)}
                >
                  <FormattedMessage id="files.documents.download" />
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
