/**
 * Employees' refresher deadlines (issue 12 "the same engine serves training"): issuing the
 * certificates of a course edition gives each certified employee a physical activity of module edu
 * for the next refresher, with the course's rule and norm, listed by the deadlines worklist; the
 * refresher of the same line from the earlier training is then executed. Issuing again adds nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';
import { certificateTemplate } from '../../src/server/seed/generators/document-templates.ts';
import { isValidFiscalCode } from '../../src/domain/validation.ts';

const withCheck = (head: string) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => head + c).find(isValidFiscalCode)!;

describe.each(engines())('refresher deadlines on %s', (engine) => {
  let api: Api;
  let dir: string;
  let base: any;
  let update: any;
  let general: any;
  let customerId: string;
  let rossi: any;
  let verdi: any;

  /** A closed edition of `course` on `day`, passed by `passed` (failed by the others), with its certificates issued. */
  async function certified(course: any, day: string, participants: any[], passed: any[]) {
    let edition = await api.create('courseEditions', {
      attributes: { startDate: day, endDate: day, capacity: 10, sessions: [{ date: day, startTime: '09:00', endTime: '13:00' }], participants: participants.map((e) => ({ employeeId: e.id })) },
      relationships: { courseId: course.id, customerId },
    });
    const session = edition.attributes.sessions[0].id;
    edition = (await api.act('courseEditions', edition, 'start')).body.data;
    edition = (await api.patch(`/api/courseEditions/${edition.id}`, { attributes: { participants: participants.map((e) => ({ employeeId: e.id, presentSessionIds: [session] })) } }, edition.metadata.lastUpdatedDateTime)).body.data;
    edition = (await api.act('courseEditions', edition, 'close')).body.data;
    const outcomes = edition.attributes.participants.map((p: any) => ({ ...p, outcome: passed.some((e) => e.id === p.employeeId) ? 'passed' : 'failed' }));
    edition = (await api.patch(`/api/courseEditions/${edition.id}`, { attributes: { participants: outcomes } }, edition.metadata.lastUpdatedDateTime)).body.data;
    const issued = await api.act('courseEditions', edition, 'issueCertificates');
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    return issued.body.data;
  }
  const refreshersOf = async (employee: any) => (await api.get(`/api/physicalActivities?filter[employeeId]=${employee.id}&sort=deadlineDate`)).body.data;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-deadlines-'));
    api = await setupApi(engine, { env: { MEDIA_DIR: dir } });
    await api.create('templateDocs', { attributes: { type: 'courseCertificate', name: 'Attestato di formazione', body: certificateTemplate, isDefault: true } });
    const norm = { norm: 'D.M. 2/9/2021', edition: '2021', source: 'D.M. 2 settembre 2021, art. 5: aggiornamento quinquennale' };
    base = await api.create('courses', { attributes: { code: 'AI-L2', title: 'Addetto antincendio – livello 2', durationHours: 8, validityYears: 5, refresherNorm: norm } });
    update = await api.create('courses', { attributes: { code: 'AGG-AI-L2', title: 'Aggiornamento antincendio – livello 2', durationHours: 5, validityYears: 5, category: 'update', refresherNorm: norm }, relationships: { baseCourseId: base.id } });
    general = await api.create('courses', { attributes: { code: 'FORM-GEN', title: 'Formazione generale', durationHours: 4 } });
    customerId = (await api.create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Officine Brambilla Srl' } } })).id;
    rossi = await api.create('employees', { attributes: { lastName: 'Rossi', firstName: 'Mario', fiscalCode: withCheck('RSSMRA85T10A562') }, relationships: { customerId } });
    verdi = await api.create('employees', { attributes: { lastName: 'Verdi', firstName: 'Luigi', fiscalCode: withCheck('VRDLGU90A01F205') }, relationships: { customerId } });
  });
  afterAll(async () => {
    await api?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives a certified employee the next refresher with the course’s rule and norm, in the edu worklist; not one who failed', async () => {
    const edition = await certified(base, '2020-03-10', [rossi, verdi], [rossi]);
    const [deadline, ...others] = await refreshersOf(rossi);
    expect(others).toEqual([]);
    expect(deadline.attributes).toMatchObject({
      module: 'edu', deadlineDate: '2025-03-10', lastExecutionDate: '2020-03-10', isExecuted: false,
      rule: { kind: 'aggiornamentoFormativo', months: 60, from: 'lastExecution', norm: 'D.M. 2/9/2021', edition: '2021' },
    });
    expect(deadline.relationships).toMatchObject({ customerId, employeeId: rossi.id, courseId: base.id, courseEditionId: edition.id });
    // The worklist names the employee and the course to attend (the update course renews the line).
    expect(deadline.metadata).toMatchObject({ customerName: 'Officine Brambilla Srl', targetName: 'Rossi Mario', activityName: 'AGG-AI-L2 – Aggiornamento antincendio – livello 2' });
    const worklist = await api.get('/api/physicalActivities?filter[module]=edu&filter[due]=expired');
    expect(worklist.status).toBe(200);
    expect(worklist.body.data.map((row: any) => row.id)).toEqual([deadline.id]);
    expect((await api.get(`/api/physicalActivities/${deadline.id}`)).body.data.attributes.rule.norm).toBe('D.M. 2/9/2021');
    expect(await refreshersOf(verdi)).toEqual([]);
  });

  it('executes the earlier refresher of the line when the update course is certified, and adds the next one, once', async () => {
    const edition = await certified(update, '2026-06-01', [rossi], [rossi]);
    const [earlier, next] = await refreshersOf(rossi);
    expect(earlier.attributes).toMatchObject({ deadlineDate: '2025-03-10', isExecuted: true, executedDate: '2026-06-01' });
    expect(next.attributes).toMatchObject({ deadlineDate: '2031-06-01', isExecuted: false, lastExecutionDate: '2026-06-01' });
    expect(next.relationships).toMatchObject({ courseId: update.id, courseEditionId: edition.id });
    // Issuing again records no new certificate: no new deadline.
    const again = await api.act('courseEditions', edition, 'issueCertificates');
    expect(again.body.meta).toMatchObject({ issued: 0 });
    expect(await refreshersOf(rossi)).toHaveLength(2);
  });

  it('gives no refresher for a course that never expires', async () => {
    await certified(general, '2026-05-05', [verdi], [verdi]);
    expect(await refreshersOf(verdi)).toEqual([]);
  });
});
