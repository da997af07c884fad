/**
 * Server hooks of course editions (issue 12 "Training"): the yearly code, the session keys, the
 * rules that need other records (the room at the chosen site and its seats, the participants
 * employed by the edition's customer, only outcomes changing once closed), and `issueCertificates`:
 * for each passed participant, the PDF of the course-certificate template stored as a file of the
 * employee, recording the template and its version. Repeating it issues nothing twice.
 */
import { randomUUID } from 'node:crypto';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { passedParticipants, type CourseEditionParticipant, type CourseEditionSession } from '../../domain/entities/course-editions.ts';
import { documentNorms } from '../../domain/documents/placeholders.ts';
import { parseMarkup } from '../../domain/documents/markup.ts';
import { renderTemplate, TemplateError } from '../../domain/documents/template.ts';
import { refresherDueDate } from '../../domain/rules/training-refreshers.ts';
import { registryDisplayName } from '../../domain/entities/customer.ts';
import { DocumentData } from '../documents/data.ts';
import { renderPdf } from '../documents/pdf.ts';
import { headingLogo, templateProblem } from '../documents/routes.ts';
import { storeGeneratedFile } from '../media/files.ts';
import { Problem } from '../http/problems.ts';
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import { nextCode } from './support/hook-helpers.ts';
import { issueRefresherDeadlines } from './support/training-deadlines.ts';

type Row = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const invalid = (pointer: string, code: string, message: string) => new Problem('VALIDATION_FAILED', { errors: [{ pointer, code, message }] });
const italianDay = (day: unknown) => (typeof day === 'string' ? day.split('-').reverse().join('/') : '');

const participantsOf = (data: { attributes: Row }) => (Array.isArray(data.attributes.participants) ? data.attributes.participants : []) as CourseEditionParticipant[];
const sessionsOf = (data: { attributes: Row }) => (Array.isArray(data.attributes.sessions) ? data.attributes.sessions : []) as CourseEditionSession[];

/** The room belongs to the site (taken from the room when none is chosen), and has the seats for the capacity. */
async function checkRoom(hook: HookContext, data: EntityData): Promise<EntityData> {
  const roomId = str(data.relationships.trainingRoomId);
  if (!roomId) return data;
  const room = await hook.repository('trainingRooms').findById(roomId);
  if (!room || room.metadata.isDeleted) return data; // the reference check answers for a missing room
  const roomSite = str(room.relationships.trainingSiteId);
  const siteId = str(data.relationships.trainingSiteId);
  if (siteId && roomSite !== siteId) throw invalid('/relationships/trainingRoomId', 'roomNotAtSite', 'L’aula non appartiene alla sede formativa scelta');
  const seats = typeof room.attributes.capacity === 'number' ? room.attributes.capacity : undefined;
  if (seats !== undefined && Number(data.attributes.capacity) > seats) {
    throw invalid('/attributes/capacity', 'overRoomCapacity', `La capienza supera i posti dell’aula «${String(room.attributes.name)}» (${seats})`);
  }
  return siteId ? data : { ...data, relationships: { ...data.relationships, trainingSiteId: roomSite ?? null } };
}

/** Participants are employees of the edition's customer, when the edition has one. */
async function checkParticipants(hook: HookContext, data: EntityData): Promise<void> {
  const customerId = str(data.relationships.customerId);
  if (!customerId) return;
  const participants = participantsOf(data);
  const employees = await hook.repository('employees').findByIds(participants.map((participant) => participant.employeeId));
  participants.forEach((participant, index) => {
    const employee = employees.get(participant.employeeId);
    if (employee && employee.relationships.customerId !== customerId) {
      throw invalid(`/attributes/participants/${index}/employeeId`, 'notCustomerEmployee', `${String(employee.attributes.lastName)} ${String(employee.attributes.firstName)} non è un dipendente del cliente dell’edizione`);
    }
  });
}

/**
 * Once closed, only outcomes change (the same people, the same attendance), and a certificate is
 * only ever one `issueCertificates` stored for that employee and this edition.
 */
async function checkClosedChanges(hook: HookContext, data: EntityData, previous: Entity | undefined, id: string): Promise<void> {
  const before = new Map(previous ? participantsOf(previous).map((participant) => [participant.employeeId, participant]) : []);
  const participants = participantsOf(data);
  if (previous?.attributes.state === 'closed') {
    const same = participants.length === before.size && participants.every((participant) => {
      const old = before.get(participant.employeeId);
      return old !== undefined && [...participant.presentSessionIds].sort().join() === [...old.presentSessionIds].sort().join();
    });
    if (!same) throw invalid('/attributes/participants', 'closedEdition', 'A edizione chiusa si registrano solo gli esiti: partecipanti e presenze non cambiano');
  }
  for (const [index, participant] of participants.entries()) {
    const mediaId = participant.certificateMediaId;
    if (!mediaId || mediaId === before.get(participant.employeeId)?.certificateMediaId) continue;
    const media = await hook.repository('media').findById(mediaId);
    const meta = (media?.attributes.meta ?? {}) as Row;
    if (!media || media.metadata.isDeleted || media.relationships.ownerId !== participant.employeeId || meta.courseEditionId !== id) {
      throw invalid(`/attributes/participants/${index}/certificateMediaId`, 'invalidCertificate', 'L’attestato non è di questo partecipante per questa edizione');
    }
  }
}

/**
 * The PDF bytes of one participant's certificate, from the course-certificate template: in the
 * process's document workers, within their limits (as every printed document); on the calling
 * thread only where a service runs without them (the seed).
 */
async function certificatePdf(hook: HookContext, template: Entity, source: { heading: Awaited<ReturnType<DocumentData['heading']>>; logo: Buffer | undefined; data: Row; title: string }): Promise<Buffer> {
  const body = String(template.attributes.body ?? '');
  if (hook.documents) {
    return hook.documents.render({ type: 'courseCertificate', body, data: source.data, title: source.title, ...(source.heading ? { heading: source.heading } : {}), ...(source.logo ? { logo: source.logo } : {}) });
  }
  let markup: string;
  try {
    markup = renderTemplate('courseCertificate', body, source.data);
  } catch (error) {
    if (error instanceof TemplateError) throw templateProblem(error.issues);
    throw error;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await renderPdf(parseMarkup(markup), { title: source.title, heading: source.heading, ...(source.logo ? { logo: source.logo } : {}) })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The live certificate of this edition already stored for the employee, if any. */
async function existingCertificate(hook: HookContext, editionId: string, participant: CourseEditionParticipant): Promise<Entity | undefined> {
  const media = hook.repository('media');
  if (participant.certificateMediaId) {
    const known = await media.findById(participant.certificateMediaId);
    if (known && !known.metadata.isDeleted) return known;
  }
  const owned = await media.listByRelationship('ownerId', participant.employeeId);
  return owned.find((row) => !row.metadata.isDeleted && (row.attributes.meta as Row | undefined)?.courseEditionId === editionId);
}

export const courseEditionsKind = defineKindHooks('courseEditions', {
  async beforeWrite(hook, data, previous, id) {
    const attributes = { ...data.attributes };
    if (!str(attributes.code)) attributes.code = await nextCode(hook, 'ED', Number(String(attributes.startDate ?? hook.today).slice(0, 4)), 'code');
    // Attendance refers to sessions by key: a session written without one gets its own.
    attributes.sessions = sessionsOf(data).map((session) => (session.id ? session : { ...session, id: randomUUID() }));
    const next = await checkRoom(hook, { ...data, attributes });
    await checkParticipants(hook, next);
    await checkClosedChanges(hook, next, previous, id);
    return next;
  },
  // A certificate recorded: the employee's next refresher deadline (support/training-deadlines.ts).
  afterWrite: issueRefresherDeadlines,
  actions: {
    async issueCertificates(hook, edition) {
      const storage = hook.storage;
      if (!storage) throw new Error('issueCertificates needs the media store');
      const passed = passedParticipants(edition.attributes as { participants: CourseEditionParticipant[] });
      if (passed.length === 0) throw new Problem('TRANSITION_NOT_ALLOWED', { message: 'Nessun partecipante ha superato il corso: non ci sono attestati da emettere' });
      const documents = new DocumentData(hook.db, hook.service);
      const [course, template, heading] = await Promise.all([
        hook.repository('courses').findById(String(edition.relationships.courseId)),
        documents.template('courseCertificate'),
        documents.heading('edu'),
      ]);
      if (!course) throw new Problem('NOT_FOUND', { message: 'Il corso dell’edizione non esiste più' });
      const c = course.attributes;
      const a = edition.attributes;
      const employees = await hook.repository('employees').findByIds(passed.map((participant) => participant.employeeId));
      const customers = await hook.repository('customers').findByIds([...employees.values()].map((employee) => String(employee.relationships.customerId)));
      // The edu heading's logo, as the printed documents carry it.
      const logo = await headingLogo(storage, heading);
      const validUntil = refresherDueDate({ id: course.id, validityYears: typeof c.validityYears === 'number' ? c.validityYears : undefined }, String(a.endDate));
      const issued: string[] = [];
      const certificates = new Map<string, string>();
      for (const participant of passed) {
        const found = await existingCertificate(hook, edition.id, participant);
        if (found) {
          certificates.set(participant.employeeId, found.id);
          continue;
        }
        const employee = employees.get(participant.employeeId);
        if (!employee) continue;
        const e = employee.attributes;
        const customer = customers.get(String(employee.relationships.customerId));
        const registry = (customer?.attributes.registry ?? {}) as Row;
        const fileTitle = `Attestato ${String(c.code)} ${String(e.lastName)} ${String(e.firstName)}`;
        const bytes = await certificatePdf(hook, template, {
          heading,
          logo,
          title: fileTitle,
          data: {
            documento: { data: hook.today },
            intestazione: heading ? { ragioneSociale: heading.companyName, partitaIva: heading.vatNumber, telefono: heading.phoneNumber, email: heading.email } : {},
            cliente: { ragioneSociale: str(customer?.metadata.displayName) ?? registryDisplayName(registry), indirizzo: registry.address, cap: registry.zipCode, citta: registry.city, provincia: registry.province, partitaIva: registry.vatNumber, codiceFiscale: registry.fiscalCode },
            piano: { titolo: `${String(c.title)} – edizione ${String(a.code ?? '')}`, anno: String(a.endDate ?? '').slice(0, 4) },
            attestati: [{
              dipendente: {
                nome: e.firstName, cognome: e.lastName, codiceFiscale: e.fiscalCode, dataNascita: e.birthDate,
                luogoNascita: [e.birthCity, e.birthProvince ? `(${String(e.birthProvince)})` : ''].filter(Boolean).join(' '),
              },
              corso: {
                codice: c.code, titolo: c.title, ore: c.durationHours,
                data: a.startDate === a.endDate ? italianDay(a.startDate) : `${italianDay(a.startDate)} – ${italianDay(a.endDate)}`,
                validita: validUntil ? `${String(c.validityYears)} ${c.validityYears === 1 ? 'anno' : 'anni'}, fino al ${italianDay(validUntil)}` : '',
              },
              esito: 'Superato',
              riferimentiNormativi: documentNorms.trainingAgreement.text,
            }],
          },
        });
        // Stored as the printed documents are (one path), in this action's transaction: a rollback removes the bytes again.
        const media = await storeGeneratedFile({ service: hook.service, storage }, hook.db, hook.call, {
          owner: { type: 'employees', id: employee.id },
          name: `${fileTitle}.pdf`,
          mimeType: 'application/pdf',
          bytes,
          meta: {
            courseEditionId: edition.id, courseId: course.id, issuedOn: hook.today, ...(validUntil ? { validUntil } : {}),
            templateDocId: template.id, templateVersion: template.metadata.lastUpdatedDateTime,
          },
        });
        certificates.set(participant.employeeId, media.id);
        issued.push(media.id);
      }
      const participants = participantsOf(edition).map((participant) => {
        const mediaId = certificates.get(participant.employeeId);
        return mediaId ? { ...participant, certificateMediaId: mediaId } : participant;
      });
      const changed = participants.some((participant, index) => participant.certificateMediaId !== participantsOf(edition)[index]?.certificateMediaId);
      const entity = changed
        ? await hook.service.replaceWithin(hook.db, hook.call, edition, 'courseEditions', { attributes: { ...edition.attributes, participants }, metadata: {}, relationships: edition.relationships })
        : edition;
      return {
        entity,
        effects: issued.map((id) => ({ type: 'media', id, to: 'created' })),
        meta: { issued: issued.length, alreadyIssued: certificates.size - issued.length },
      };
    },
  },
});
