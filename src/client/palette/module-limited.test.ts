import { describe, expect, it } from 'vitest';
import { availability } from '../../../commands/registry.ts';
import { navigationCommands } from '../../../commands/navigation.ts';
import { fakeContext } from '../../../commands/testing.ts';
import { buildAbility } from '../../domain/ability.ts';
import { modules } from '../../domain/enums.ts';
import { deadlineKinds } from '../../domain/rules/maintenance-rules.ts';
import { kindList } from '../../domain/kinds.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';
import { allowedOptions, fieldAllowed } from '../forms/allowed-options.ts';
import { userSearchKinds } from './record-search.ts';

// Walk «fire-only Operatore»: a user limited to one module (allowedModules ['fire']) was offered the
// other modules' screens, records, choices and filters, each a dead end or a 403 MODULE_NOT_ALLOWED.
const operatore = roleDefinitions.find((role) => role.name === 'Operatore')!.permissions;

function offered(allowedModules: string[]): string[] {
  const { ctx } = fakeContext({ permissions: operatore });
  ctx.identity = { ...ctx.identity, allowedModules: allowedModules as never };
  return navigationCommands.filter((command) => availability(command, ctx) === true).map((command) => command.id);
}

const user = (allowedModules: string[]) => ({ ability: buildAbility(operatore), allowedModules });

describe('a user limited to one module (SPEC §6 allowedModules)', () => {
  it('is offered no screen of another module: no «Formazione» group, no «Corsi | G L», no other calendar', () => {
    const fire = offered(['fire']);
    for (const id of ['nav.Courses', 'nav.CourseEditions', 'nav.TrainingPlans', 'nav.TrainingSites', 'nav.TrainingRooms', 'nav.TrainingEquipments',
      'nav.Calendar.equip', 'nav.Calendar.edu', 'nav.Calendar.med', 'nav.Calendar.doc']) {
      expect(fire, id).not.toContain(id);
    }
    // The shortcut help («?») lists the available commands with keys: `g l` is not one of them.
    const { ctx } = fakeContext({ permissions: operatore });
    ctx.identity = { ...ctx.identity, allowedModules: ['fire'] };
    expect(navigationCommands.filter((command) => availability(command, ctx) === true).flatMap((command) => command.keys ?? [])).not.toContain('g l');
    // What its role reads in its module stays, and the administration pages its role reads (zones, its own settings).
    expect(fire).toEqual(expect.arrayContaining(['nav.Calendar.fire', 'nav.Equipments', 'nav.PhysicalActivities', 'nav.CommercialZones', 'nav.UserSettings']));
    expect(fire).not.toContain('nav.Users');
  });

  it('an unrestricted user (no modules listed: every one) keeps them all', () => {
    expect(offered([])).toEqual(expect.arrayContaining(['nav.Courses', 'nav.CourseEditions', 'nav.Calendar.edu', 'nav.Calendar.med']));
  });

  it('the palette searches only the kinds it reads within its modules: no course editions (403 MODULE_NOT_ALLOWED)', () => {
    const fire = userSearchKinds(user(['fire']));
    expect(fire).not.toContain('courseEditions');
    expect(fire).toEqual(expect.arrayContaining(['customers', 'equipments']));
    expect(userSearchKinds(user([]))).toContain('courseEditions');
  });

  it('forms and filters offer only its modules, its modules\' deadline kinds and the kinds it reads', () => {
    expect(allowedOptions('attributes.module', modules, user(['fire']))).toEqual(['fire']);
    expect(allowedOptions('attributes.module', modules, user([]))).toEqual([...modules]);
    // A saved value stays shown.
    expect(allowedOptions('attributes.module', modules, user(['fire']), 'edu')).toEqual(['fire', 'edu']);
    const kinds = allowedOptions('attributes.rule.kind', deadlineKinds, user(['fire']));
    expect(kinds).not.toContain('aggiornamentoFormativo');
    expect(kinds).not.toContain('visitaPeriodica');
    expect(kinds).toContain('revisione');
    // A reminder's «Tipo di elemento»: no course, no health surveillance visit, no kind its role does not read.
    const types = allowedOptions('relationships.entityType', kindList.map((kind) => kind.type), user(['fire']));
    for (const type of ['courses', 'courseEditions', 'healthSurveillanceVisits', 'users']) expect(types, type).not.toContain(type);
    expect(types).toEqual(expect.arrayContaining(['customers', 'assignments', 'equipments']));
    // The deadlines' filters by employee and course are of edu and med.
    const deadlines = kindList.find((kind) => kind.type === 'physicalActivities')!;
    expect(fieldAllowed(deadlines.fields.employeeId!, user(['fire']))).toBe(false);
    expect(fieldAllowed({ ...deadlines.fields.courseId!, target: 'courses' }, user(['fire']))).toBe(false);
    expect(fieldAllowed({ target: 'courses' }, user(['fire']))).toBe(false);
    expect(fieldAllowed(deadlines.fields.customerId!, user(['fire']))).toBe(true);
    expect(fieldAllowed(deadlines.fields.employeeId!, user([]))).toBe(true);
  });
});
