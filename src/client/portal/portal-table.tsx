/**
 * The two pieces every portal table section is made of, written once: what a query shows before it
 * has rows (its failure, the wait, the empty message) and the table itself (scrolling sideways inside
 * itself on a phone, captioned for screen readers, with its header row).
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { failureText } from './portal-compliance.tsx';

export interface PortalQueryMessages {
  /** A message with `{reason}`. */
  failed: string;
  loading: string;
}

/** The compliance pages' own words; a section with other data passes its messages. */
const COMPLIANCE_MESSAGES: PortalQueryMessages = { failed: 'portal.failed', loading: 'portal.loading' };

/** One query's outcome: its failure as an alert, the wait as a status, `empty` when `isEmpty`, else `children` of the data. */
export function QueryOutcome<T>({ query, messages = COMPLIANCE_MESSAGES, empty, isEmpty, children }: {
  query: { error: unknown; data: T | undefined };
  messages?: PortalQueryMessages;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <p role="alert"><FormattedMessage id={messages.failed} values={{ reason: failureText(query.error) }} /></p>;
  if (query.data === undefined) return <p role="status"><FormattedMessage id={messages.loading} /></p>;
  if (isEmpty?.(query.data)) return <p>{empty}</p>;
  return <>{children(query.data)}</>;
}

export interface PortalColumn {
  key: string;
  label: string;
  className?: string;
}

/** A portal table: `caption` names it for screen readers (or `labelledBy` points at the heading that does). */
export function PortalTable({ className, caption, labelledBy, columns, children }: {
  className: string;
  caption?: ReactNode;
  labelledBy?: string;
  columns: readonly PortalColumn[];
  children: ReactNode;
}) {
  return (
    <div className="portal-table-scroll">
      <table className={className} aria-labelledby={labelledBy}>
        {caption !== undefined && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>{columns.map((column) => <th key={column.key} scope="col" className={column.className}>{column.label}</th>)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
