/**
 * Server hooks of health surveillance visits (module med, D.Lgs. 81/2008 art. 41): a visit takes its
 * employee's customer (the Cliente role's scope), its next visit is computed from the periodicity when
 * the medico competente set no date, and the employee's next visit follows it on the deadlines
 * worklist (support/health-surveillance.ts), in the same transaction.
 */
import { nextVisitDate } from '../../domain/rules/health-surveillance.ts';
import { defineKindHooks } from '../resources/hooks.ts';
import { syncVisitDeadline, visitFactsOf } from './support/health-surveillance.ts';

export const healthSurveillanceVisitsKind = defineKindHooks('healthSurveillanceVisits', {
  async beforeWrite(hook, data, previous) {
    const employeeId = String(data.relationships.employeeId ?? '');
    // A missing employee is the references check's (422 referenceNotFound).
    const employee = await hook.repository('employees').findById(employeeId);
    const customerId = typeof employee?.relationships.customerId === 'string' ? employee.relationships.customerId : (previous?.relationships.customerId ?? null);
    // The next visit the doctor did not set is computed; computed before, it follows a new date or periodicity.
    const facts = visitFactsOf({ id: previous?.id ?? '', attributes: data.attributes });
    const given = typeof data.attributes.nextVisitDate === 'string' && data.attributes.nextVisitDate !== '' ? data.attributes.nextVisitDate : null;
    const wasComputed = previous !== undefined && previous.attributes.nextVisitDate === nextVisitDate({ ...visitFactsOf(previous), nextVisitDate: null });
    const keptAsItWas = previous !== undefined && given === previous.attributes.nextVisitDate;
    const computed = given !== null && !(wasComputed && keptAsItWas) ? given : nextVisitDate({ ...facts, nextVisitDate: null });
    return {
      ...data,
      attributes: { ...data.attributes, nextVisitDate: computed },
      relationships: { ...data.relationships, customerId },
    };
  },
  async afterWrite(hook, entity, previous) {
    const employees = new Set([entity.relationships.employeeId, previous?.relationships.employeeId].filter((id): id is string => typeof id === 'string'));
    for (const employeeId of employees) await syncVisitDeadline(hook, employeeId);
  },
});
