/**
 * The course edition screen (`/courseEditions/{id}`, issue 12 "Training"), a view over the record
 * controller: the header (course, customer, dates, capacity, room at a training site, trainer),
 * the sessions, and the participants' grid with attendance per session, outcome and certificate.
 * The grid is operated by keyboard (arrows move, Space toggles a presence or changes the outcome).
 * Every action is a command of the one registry (`commands/course-editions.ts` and the record
 * commands: save, the transitions, «Emetti gli attestati»), shown as a button here.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { attendanceGridCommands, courseEditionCommands, type CourseEditionTarget } from '../../../commands/course-editions.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { courseEditionMessages, courseEditionOutcomeLabels, type CourseEditionOutcome, type CourseEditionParticipant, type CourseEditionSession } from '../../domain/entities/course-editions.ts';
import { type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { recordKey, records } from '../data/index.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { formatValue } from '../forms/format.ts';
import { RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { useEntityTitle } from '../forms/references.ts';
import { kindSections } from '../forms/schema-fields.ts';
import { downloadMedia } from '../files/upload.ts';
import { addMessages } from '../i18n/index.ts';
import editionMessages from '../i18n/messages/course-editions.ts';
import { AppLink } from '../shell/app-link.tsx';
import { useIsActiveTab } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { DateInput } from '../forms/editors/date-input.tsx';

addMessages(editionMessages);

const HEADER_PATHS = [
  'attributes.code', 'relationships.courseId', 'relationships.customerId', 'attributes.startDate', 'attributes.endDate', 'attributes.capacity',
  'relationships.trainingSiteId', 'relationships.trainingRoomId', 'relationships.trainerId', 'attributes.notes',
] as const;

const TOOLBAR = ['record.save', 'record.discard', 'courseEdition.addSession', 'courseEdition.addParticipant', 'record.action.issueCertificates', 'record.history'] as const;

const italianDay = (day: string) => day.split('-').reverse().join('/');
const nextOutcome: Record<string, CourseEditionOutcome | null> = { none: 'passed', passed: 'failed', failed: null };

export function CourseEditionDetail({ id }: { id: string }) {
  const controller = useRecordController('courseEditions', id, { resolveConflict: showConflict });
  return <RecordLoader controller={controller}>{(record) => <LoadedEdition {...record} />}</RecordLoader>;
}

function LoadedEdition({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const t = useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
  const active = useIsActiveTab();
  const title = kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const state = String(draft.attributes.state ?? 'planned');
  const stateLabel = machineStateLabels.courseEditions[state] ?? state;
  const sessions = useMemo(() => (draft.attributes.sessions as CourseEditionSession[] | undefined) ?? [], [draft]);
  const participants = useMemo(() => (draft.attributes.participants as CourseEditionParticipant[] | undefined) ?? [], [draft]);
  const capacity = Number(draft.attributes.capacity ?? 0);
  const { setField, errors } = controller;

  // Sessions and participants change while planned or in progress; attendance in progress; outcomes once closed.
  const lockedReason = controller.locked
    ? t('courseEditions.locked.readOnly')
    : state === 'closed' || state === 'cancelled' ? t('courseEditions.locked.state', { state: stateLabel.toLowerCase() }) : undefined;
  const columns = sessions.length + 3; // sessions, outcome, certificate, remove
  const cellLockedReason = (column: number): string | undefined => {
    if (controller.locked) return t('courseEditions.locked.readOnly');
    if (state === 'cancelled') return t('courseEditions.locked.cancelled');
    if (column < sessions.length) {
      if (state === 'planned') return t('courseEditions.locked.planned');
      if (state === 'closed') return t('courseEditions.locked.state', { state: stateLabel.toLowerCase() });
      return undefined;
    }
    if (column === sessions.length) return state === 'closed' ? undefined : courseEditionMessages.outcomeBeforeClosing;
    return column === sessions.length + 2 ? lockedReason : undefined;
  };

  const [cursor, setCursorState] = useState({ row: 0, column: 0 });
  // Keys pressed faster than the screen renders act on where the cursor already is, not where it was drawn.
  const cursorNow = useRef(cursor);
  const setCursor = useCallback((next: { row: number; column: number }) => {
    cursorNow.current = next;
    setCursorState(next);
  }, []);
  const [gridFocused, setGridFocused] = useState(false);
  const cells = useRef(new Map<string, HTMLElement>());
  const pickerRef = useRef<HTMLDivElement>(null);
  const [focusSession, setFocusSession] = useState<number | undefined>();
  const focusCell = useCallback((row: number, column: number) => {
    setCursor({ row, column });
    // At once when the cell is there (the next key, Space, must find it focused); after the render for a new one.
    const cell = cells.current.get(`${row}:${column}`);
    if (cell) cell.focus();
    else requestAnimationFrame(() => cells.current.get(`${row}:${column}`)?.focus());
  }, [setCursor]);

  // Two changes before the draft re-renders (two presences marked at once) build on each other, not on the same old list.
  const written = useRef<{ from: readonly CourseEditionParticipant[]; to: CourseEditionParticipant[] } | null>(null);
  const currentParticipants = useCallback(
    () => (written.current && written.current.from === participants ? written.current.to : participants),
    [participants],
  );
  const setParticipants = useCallback((next: CourseEditionParticipant[]) => {
    written.current = { from: participants, to: next };
    setField('attributes.participants', next);
  }, [setField, participants]);
  const togglePresence = useCallback((row: number, sessionId: string | undefined) => {
    if (!sessionId) return;
    setParticipants(currentParticipants().map((p, i) => (i !== row ? p : {
      ...p, presentSessionIds: p.presentSessionIds.includes(sessionId) ? p.presentSessionIds.filter((s) => s !== sessionId) : [...p.presentSessionIds, sessionId],
    })));
  }, [currentParticipants, setParticipants]);
  const cycleOutcome = useCallback((row: number) => {
    setParticipants(currentParticipants().map((p, i) => (i !== row ? p : { ...p, outcome: nextOutcome[p.outcome ?? 'none'] ?? null })));
  }, [currentParticipants, setParticipants]);
  const removeParticipant = useCallback((row: number) => {
    setParticipants(participants.filter((_, i) => i !== row));
    focusCell(Math.max(0, Math.min(row, participants.length - 2)), sessions.length + 2);
  }, [participants, setParticipants, focusCell, sessions.length]);

  const addSession = useCallback(() => {
    const last = sessions.at(-1);
    const date = last?.date ?? String(draft.attributes.startDate ?? '');
    const morning = !last || last.startTime >= '12:00';
    const session: CourseEditionSession = {
      id: crypto.randomUUID(),
      date: last && !morning ? last.date : date,
      startTime: morning ? '09:00' : '14:00',
      endTime: morning ? '13:00' : '18:00',
    };
    // After an afternoon, the next session is the next morning, within the edition.
    if (last && morning) {
      const next = new Date(`${last.date}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const day = next.toISOString().slice(0, 10);
      session.date = day <= String(draft.attributes.endDate ?? day) ? day : last.date;
    }
    setField('attributes.sessions', [...sessions, session]);
    setFocusSession(sessions.length);
  }, [sessions, draft, setField]);
  const removeSession = useCallback((index: number) => {
    const removed = sessions[index]?.id;
    setField('attributes.sessions', sessions.filter((_, i) => i !== index));
    if (removed) setParticipants(participants.map((p) => ({ ...p, presentSessionIds: p.presentSessionIds.filter((s) => s !== removed) })));
  }, [sessions, participants, setField, setParticipants]);
  const addParticipant = useCallback(() => {
    pickerRef.current?.querySelector('input')?.focus();
  }, []);

  const target: CourseEditionTarget = {
    lockedReason: () => lockedReason,
    gridLockedReason: () => cellLockedReason(cursorNow.current.column),
    participantCount: () => participants.length,
    addSession,
    addParticipant,
    focusGrid: () => focusCell(Math.min(cursorNow.current.row, Math.max(0, participants.length - 1)), Math.min(cursorNow.current.column, columns - 1)),
    move: (rows, cols) => {
      const at = cursorNow.current;
      focusCell(Math.max(0, Math.min(participants.length - 1, at.row + rows)), Math.max(0, Math.min(columns - 1, at.column + cols)));
    },
    toggle: () => {
      const at = cursorNow.current;
      if (at.column < sessions.length) togglePresence(at.row, sessions[at.column]?.id);
      else if (at.column === sessions.length) cycleOutcome(at.row);
    },
  };
  // The commands are made once and act on the screen as it is now: the latest target after each render.
  const latest = useRef(target);
  useLayoutEffect(() => {
    latest.current = target;
  });
  const tabCommands = useMemo(() => courseEditionCommands({ get current() { return latest.current; } }), []);
  const gridCommands = useMemo(() => attendanceGridCommands({ get current() { return latest.current; } }), []);
  useScopedCommands('tab', tabCommands, active);
  useScopedCommands('grid', gridCommands, active && gridFocused);

  const sessionError = (index: number) => ['date', 'startTime', 'endTime'].map((key) => errors.get(`attributes.sessions.${index}.${key}`)).filter(Boolean).join(' · ');
  // The capacity rule concerns the list as a whole: shown as soon as it fails, whichever field made it fail.
  const participantsError = controller.allErrors.get('attributes.participants');

  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="course-edition-detail" toolbar={TOOLBAR}
      state={{ value: stored.attributes.state, label: formatValue(stored.attributes.state, 'enum', machineStateLabels.courseEditions) }}>
      <section className="form-section" aria-labelledby="edition-header-title">
        <h2 id="edition-header-title"><FormattedMessage id="courseEditions.header" /></h2>
        <RecordFields sections={sections} paths={HEADER_PATHS} draft={draft} setField={setField} errors={errors} access={controller.access} locked={controller.locked} />
      </section>

      <section className="form-section course-edition-sessions" aria-labelledby="edition-sessions-title">
        <h2 id="edition-sessions-title"><FormattedMessage id="courseEditions.sessions" /></h2>
        {sessions.length === 0 ? <p><FormattedMessage id="courseEditions.noSessions" /></p> : (
          <ol className="course-edition-session-list">
            {sessions.map((session, index) => {
              const n = index + 1;
              const readOnly = lockedReason !== undefined;
              const set = (key: 'date' | 'startTime' | 'endTime', value: string) => setField(`attributes.sessions.${index}.${key}`, value);
              const error = sessionError(index);
              return (
                <li key={session.id ?? index} className="course-edition-session">
                  <DateInput aria-label={t('courseEditions.session.date', { n })} value={session.date} readOnly={readOnly} aria-invalid={error ? true : undefined}
                    ref={(element) => {
                      if (element && focusSession === index) {
                        element.focus();
                        setFocusSession(undefined);
                      }
                    }}
                    onValue={(next) => set('date', next ?? '')} />
                  <input type="time" aria-label={t('courseEditions.session.start', { n })} value={session.startTime} readOnly={readOnly} onChange={(event) => set('startTime', event.target.value)} />
                  <input type="time" aria-label={t('courseEditions.session.end', { n })} value={session.endTime} readOnly={readOnly} onChange={(event) => set('endTime', event.target.value)} />
                  {!readOnly && <button type="button" onClick={() => removeSession(index)}>{t('courseEditions.session.remove', { n })}</button>}
                  {error && <span className="field-error" role="alert">{error}</span>}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section className="form-section course-edition-participants" aria-labelledby="edition-participants-title">
        <h2 id="edition-participants-title"><FormattedMessage id="courseEditions.participants" values={{ count: participants.length, capacity }} /></h2>
        {participantsError && <p className="field-error" role="alert">{participantsError}</p>}
        {lockedReason === undefined && (
          <div ref={pickerRef} className="course-edition-add-participant">
            <ReferencePicker
              label={t('courseEditions.participant.pick')}
              target="employees"
              value={null}
              filter={typeof draft.relationships.customerId === 'string' ? { 'filter[customerId]': draft.relationships.customerId } : undefined}
              onChange={(employeeId) => {
                if (!employeeId || participants.some((p) => p.employeeId === employeeId)) return;
                setParticipants([...participants, { employeeId, presentSessionIds: [] }]);
              }}
            />
          </div>
        )}
        {participants.length === 0 ? <p><FormattedMessage id="courseEditions.noParticipants" /></p> : (
          <>
            <p className="hint"><FormattedMessage id="courseEditions.grid.hint" /></p>
            <table role="grid" className="course-edition-grid" aria-label={t('courseEditions.grid.label')}
              onFocus={() => setGridFocused(true)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setGridFocused(false);
              }}>
              <thead>
                <tr role="row">
                  <th role="columnheader" scope="col"><FormattedMessage id="courseEditions.grid.participant" /></th>
                  {sessions.map((session, index) => (
                    <th role="columnheader" scope="col" key={session.id ?? index} title={t('courseEditions.session.column', { n: index + 1, date: italianDay(session.date), start: session.startTime, end: session.endTime })}>
                      {italianDay(session.date).slice(0, 5)} {session.startTime}
                    </th>
                  ))}
                  <th role="columnheader" scope="col"><FormattedMessage id="courseEditions.grid.outcome" /></th>
                  <th role="columnheader" scope="col"><FormattedMessage id="courseEditions.grid.certificate" /></th>
                  <th role="columnheader" scope="col"><FormattedMessage id="courseEditions.grid.remove" /></th>
                </tr>
              </thead>
              <tbody>
                {participants.map((participant, row) => (
                  <ParticipantRow key={participant.employeeId} row={row} participant={participant} sessions={sessions} cursor={cursor} cells={cells}
                    lockedReason={cellLockedReason} error={errors.get(`attributes.participants.${row}.outcome`) ?? errors.get(`attributes.participants.${row}.presentSessionIds`) ?? errors.get(`attributes.participants.${row}.employeeId`)}
                    onCursor={(column) => setCursor({ row, column })} onToggle={(column) => (column < sessions.length ? togglePresence(row, sessions[column]?.id) : cycleOutcome(row))}
                    onRemove={() => removeParticipant(row)} />
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </RecordFrame>
  );
}

interface RowProps {
  row: number;
  participant: CourseEditionParticipant;
  sessions: readonly CourseEditionSession[];
  cursor: { row: number; column: number };
  cells: RefObject<Map<string, HTMLElement>>;
  lockedReason(column: number): string | undefined;
  error: string | undefined;
  onCursor(column: number): void;
  onToggle(column: number): void;
  onRemove(): void;
}

function ParticipantRow({ row, participant, sessions, cursor, cells, lockedReason, error, onCursor, onToggle, onRemove }: RowProps) {
  const intl = useIntl();
  const name = useEntityTitle('employees', participant.employeeId) || participant.employeeId;
  // The employee's page names the customer too: the link needs the employee's record.
  const employee = useQuery({ queryKey: recordKey('employees', participant.employeeId), queryFn: ({ signal }) => records.get('employees', participant.employeeId, signal) }).data;
  const register = (column: number) => (element: HTMLElement | null) => {
    const key = `${row}:${column}`;
    if (element) cells.current.set(key, element);
    else cells.current.delete(key);
  };
  const tabIndex = (column: number) => (cursor.row === row && cursor.column === column ? 0 : -1);
  const outcomeColumn = sessions.length;
  const outcome = participant.outcome ? courseEditionOutcomeLabels[participant.outcome] : intl.formatMessage({ id: 'courseEditions.grid.noOutcome' });
  const attended = participant.presentSessionIds.length;
  return (
    <tr role="row" aria-rowindex={row + 2} data-employee={participant.employeeId}>
      <th role="rowheader" scope="row">
        <AppLink href={recordTabUrl('employees', participant.employeeId, employee)}>{name}</AppLink>
        <span className="hint"> · <FormattedMessage id="courseEditions.grid.attended" values={{ count: attended, total: sessions.length }} /></span>
        {error && <span className="field-error" role="alert"> {error}</span>}
      </th>
      {sessions.map((session, column) => {
        const present = session.id !== undefined && participant.presentSessionIds.includes(session.id);
        const reason = lockedReason(column);
        return (
          <td role="gridcell" key={session.id ?? column}>
            <input ref={register(column)} type="checkbox" tabIndex={tabIndex(column)} checked={present} disabled={false} aria-disabled={reason ? true : undefined}
              title={reason} aria-label={intl.formatMessage({ id: 'courseEditions.grid.presence' }, { name, n: column + 1 })}
              onFocus={() => onCursor(column)}
              onChange={() => {
                if (!reason) onToggle(column);
              }} />
          </td>
        );
      })}
      <td role="gridcell">
        <button ref={register(outcomeColumn)} type="button" tabIndex={tabIndex(outcomeColumn)} className="course-edition-outcome" data-outcome={participant.outcome ?? 'none'}
          aria-disabled={lockedReason(outcomeColumn) ? true : undefined} title={lockedReason(outcomeColumn)}
          aria-label={intl.formatMessage({ id: 'courseEditions.grid.outcomeOf' }, { name, outcome })}
          onFocus={() => onCursor(outcomeColumn)}
          onClick={() => {
            if (!lockedReason(outcomeColumn)) onToggle(outcomeColumn);
          }}>
          {outcome}
        </button>
      </td>
      <td role="gridcell">
        {participant.certificateMediaId ? (
          <button ref={register(outcomeColumn + 1)} type="button" tabIndex={tabIndex(outcomeColumn + 1)} onFocus={() => onCursor(outcomeColumn + 1)}
            onClick={() => void downloadMedia(participant.certificateMediaId!, `Attestato ${name}.pdf`).catch(() => undefined)}>
            {intl.formatMessage({ id: 'courseEditions.certificate.download' }, { name })}
          </button>
        ) : (
          <span ref={register(outcomeColumn + 1)} tabIndex={tabIndex(outcomeColumn + 1)} onFocus={() => onCursor(outcomeColumn + 1)}>
            {intl.formatMessage({ id: 'courseEditions.certificate.none' })}
          </span>
        )}
      </td>
      <td role="gridcell">
        <button ref={register(outcomeColumn + 2)} type="button" tabIndex={tabIndex(outcomeColumn + 2)} onFocus={() => onCursor(outcomeColumn + 2)}
          aria-disabled={lockedReason(outcomeColumn + 2) ? true : undefined} title={lockedReason(outcomeColumn + 2)}
          onClick={() => {
            if (!lockedReason(outcomeColumn + 2)) onRemove();
          }}>
          {intl.formatMessage({ id: 'courseEditions.participant.remove' }, { name })}
        </button>
      </td>
    </tr>
  );
}
