/**
 * A customer's training at a glance: the employees with a safety role (rows) against every
 * training their roles require (columns, with the norm), each cell the status in words and colour
 * with the day it holds until, empty («non richiesto») where no role of the employee requires it.
 * The cells come from the server's compliance rows (`complianceMatrix` arranges them, recomputing
 * nothing). A keyboard grid: one cell in the Tab order, arrows, Home/End and Ctrl+Home/End move, a
 * status is a link to the employee (Enter opens it). Wide matrices scroll sideways, the employee
 * column staying in view. On the portal (`enrolment`), a missing, expired or expiring cell offers
 * «Chiedi l’iscrizione» (`enrolment-asks.tsx`), in the cell's Tab stop after its status, then reads
 * «iscrizione richiesta»; the employee's row lists each request's state.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { complianceMatrix } from '../../domain/rules/training-compliance.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { addMessages } from '../i18n/index.ts';
import trainingMessages from '../i18n/messages/training.ts';
import { AppLink } from '../shell/app-link.tsx';
import { courseName, urgentStatuses, type ComplianceMeta, type EmployeeCompliance } from './compliance-data.ts';
import { askStateOf, courseToAsk, requestLine, type EnrolmentAsks } from './enrolment-asks.tsx';

addMessages(trainingMessages);

/** The cell a key moves to in a `rows` × `columns` grid, or null when the key is not a grid move. */
export function gridMove(key: string, ctrl: boolean, at: { row: number; column: number }, rows: number, columns: number): { row: number; column: number } | null {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max - 1);
  switch (key) {
    case 'ArrowRight': return { row: at.row, column: clamp(at.column + 1, columns) };
    case 'ArrowLeft': return { row: at.row, column: clamp(at.column - 1, columns) };
    case 'ArrowDown': return { row: clamp(at.row + 1, rows), column: at.column };
    case 'ArrowUp': return { row: clamp(at.row - 1, rows), column: at.column };
    case 'Home': return ctrl ? { row: 0, column: 0 } : { row: at.row, column: 0 };
    case 'End': return ctrl ? { row: rows - 1, column: columns - 1 } : { row: at.row, column: columns - 1 };
    default: return null;
  }
}

/** A calendar day as gg/mm/aaaa (read at noon UTC, so no time zone moves it). */
const dayFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
export const fullDate = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

// Inline because the matrix is this component's alone: the sideways scroll and the employee column kept in view.
const scrollStyle = { overflowX: 'auto', maxWidth: '100%' } as const;
const stickyStyle = { position: 'sticky', left: 0, background: 'var(--bg)', zIndex: 1 } as const;
const smallStyle = { display: 'block', fontSize: '.85em', fontWeight: 'normal', color: 'var(--muted)' } as const;

/** The staff record of an employee: the link of the customer page's rows (the portal gives its own page). */
export const employeeRecordUrl = (customerId: string) => (employeeId: string) => recordTabUrl('employees', employeeId, { relationships: { customerId } });

/** `employeeUrl`: where an employee's row and cells lead (default the staff record; the portal's own employee page there). */
export function TrainingMatrix({ customerId, employees, meta, enrolment, employeeUrl = employeeRecordUrl(customerId) }: { customerId: string; employees: readonly EmployeeCompliance[]; meta: ComplianceMeta; enrolment?: EnrolmentAsks | undefined; employeeUrl?: ((employeeId: string) => string) | undefined }) {
  const intl = useIntl();
  const table = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState({ row: 0, column: 0 });
  const matrix = complianceMatrix(employees);
  const rowCount = matrix.rows.length;
  const columnCount = matrix.columns.length + 1;
  // The remembered cell may be gone after a refresh: the Tab stop stays inside the grid.
  const current = { row: Math.min(active.row, rowCount - 1), column: Math.min(active.column, columnCount - 1) };
  const or = intl.formatMessage({ id: 'training.compliance.or' });
  const titles = matrix.columns.map((column) => column.courseIds.map((id) => courseName(meta, id)).join(or));
  // Compact headers (the codes); the legend under the matrix names each course and its norm.
  const codes = matrix.columns.map((column) => column.courseIds.map((id) => meta.courses[id]?.code || id).join(or));
  const hintId = `training-matrix-hint-${customerId}`;

  const focusCell = (at: { row: number; column: number }) => {
    setActive(at);
    table.current?.querySelector<HTMLElement>(`[data-cell="${at.row}:${at.column}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.altKey || event.metaKey || event.shiftKey) return;
    const next = gridMove(event.key, event.ctrlKey, current, rowCount, columnCount);
    if (!next) return;
    // Handled here: neither the page scroll nor a shortcut takes the key.
    event.preventDefault();
    focusCell(next);
  };
  const cellProps = (row: number, column: number) => ({
    'data-cell': `${row}:${column}`,
    tabIndex: row === current.row && column === current.column ? 0 : -1,
    onFocus: () => setActive({ row, column }),
  });

  return (
    <div className="training-matrix-view">
      <p id={hintId} className="form-hint"><FormattedMessage id="training.matrix.hint" /></p>
      <div className="training-matrix-scroll" style={scrollStyle}>
        <table ref={table} className="compliance-table training-matrix" role="grid" aria-describedby={hintId} onKeyDown={onKeyDown}>
          <caption style={{ textAlign: 'left', fontWeight: 600 }}><FormattedMessage id="training.matrix.caption" /></caption>
          <thead>
            <tr>
              <th scope="col" style={stickyStyle}><FormattedMessage id="training.customer.employee" /></th>
              {matrix.columns.map((column, index) => (
                <th key={column.key} scope="col" data-column={column.key} style={{ whiteSpace: 'nowrap' }}>
                  {codes[index]}
                  <span className="sr-only"> – {titles[index]}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.rows.map(({ employee, cells }, row) => {
              const href = employeeUrl(employee.employeeId);
              const requests = enrolment?.requests.filter((request) => request.relationships.employeeId === employee.employeeId) ?? [];
              return (
                <tr key={employee.employeeId} data-employee={employee.employeeId}>
                  <th scope="row" style={{ ...stickyStyle, minWidth: '12rem', maxWidth: '18rem' }}>
                    <AppLink href={href} {...cellProps(row, 0)}>{employee.employeeName}</AppLink>
                    <span style={smallStyle}>{[...new Set(employee.rows.map((r) => r.roleName || r.roleCode))].join(', ')}</span>
                    {requests.length > 0 && (
                      <ul className="enrolment-requests" aria-label={intl.formatMessage({ id: 'enrolment.row.label' }, { employee: employee.employeeName })} style={{ ...smallStyle, margin: '.2rem 0 0', paddingLeft: '1rem' }}>
                        {requests.map((request) => <li key={request.id} data-state={String(request.attributes.state)}>{requestLine(intl, request, meta)}</li>)}
                      </ul>
                    )}
                  </th>
                  {cells.map((cell, index) => {
                    const column = matrix.columns[index]!;
                    if (!cell) {
                      return (
                        <td key={column.key} data-column={column.key} data-status="notRequired" {...cellProps(row, index + 1)}>
                          <span style={{ color: 'var(--muted)' }}><FormattedMessage id="training.matrix.notRequired" /></span>
                        </td>
                      );
                    }
                    const until = cell.validUntil
                      ? intl.formatMessage({ id: 'training.matrix.until' }, { status: cell.status, date: fullDate(cell.validUntil) })
                      : cell.status === 'missing' ? '' : intl.formatMessage({ id: 'training.compliance.noExpiry' });
                    const askable = enrolment && (urgentStatuses as readonly string[]).includes(cell.status);
                    const nextCourse = askable ? courseToAsk(employee.rows, column) : '';
                    const asked = askable ? askStateOf(enrolment.requests, employee.employeeId, [...column.courseIds, nextCourse], enrolment.today) : undefined;
                    const stop = cellProps(row, index + 1);
                    return (
                      <td key={column.key} data-column={column.key} data-status={cell.status}>
                        <AppLink href={href} {...stop}>
                          <span className="compliance-status" data-status={cell.status}><FormattedMessage id={`training.compliance.status.${cell.status}`} /></span>
                          {until ? <span style={{ ...smallStyle, whiteSpace: 'nowrap' }}>{cell.validUntil ? <time dateTime={cell.validUntil}>{until}</time> : until}</span> : null}
                          <span className="sr-only">{intl.formatMessage({ id: 'training.matrix.cellContext' }, { employee: employee.employeeName, course: titles[index] })}</span>
                        </AppLink>
                        {askable && asked?.state === 'requested' && <span className="enrolment-asked" style={smallStyle}><FormattedMessage id="enrolment.cell.requested" /></span>}
                        {askable && asked?.state === 'enrolled' && <span className="enrolment-asked" style={smallStyle}><FormattedMessage id="enrolment.cell.enrolled" values={{ date: fullDate(asked.startDate) }} /></span>}
                        {askable && !asked && nextCourse && (
                          // In the cell's Tab stop, after its status: Tab reaches it, the arrows leave it as they leave the status.
                          <button type="button" className="enrolment-ask-button" tabIndex={stop.tabIndex} onFocus={stop.onFocus} style={{ display: 'block', marginTop: '.2rem', fontSize: '.85em' }}
                            onClick={() => enrolment.ask({ id: employee.employeeId, name: employee.employeeName }, nextCourse, courseName(meta, nextCourse))}>
                            <FormattedMessage id="enrolment.ask" />
                            <span className="sr-only">{intl.formatMessage({ id: 'enrolment.ask.context' }, { employee: employee.employeeName, course: courseName(meta, nextCourse) })}</span>
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p style={smallStyle}><FormattedMessage id="training.matrix.legend" /></p>
      <dl className="training-matrix-legend">
        {matrix.columns.map((column, index) => (
          <div key={column.key} style={{ display: 'flex', gap: '.5rem', margin: '.15rem 0' }}>
            <dt style={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{codes[index]}</dt>
            <dd style={{ margin: 0 }}>{titles[index]}{column.norms.length > 0 ? <span style={{ color: 'var(--muted)' }}> · {column.norms.join('; ')}</span> : null}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
