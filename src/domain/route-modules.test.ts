import { describe, expect, it } from 'vitest';
import { kindList } from './kinds.ts';
import { kindRouteModules, modulesAllowed, routeAllowedTo, routes, urlAllowedTo } from './routes.ts';
import { buildAbility } from './ability.ts';

const modulesOf = (module: string | readonly string[] | undefined) => (module === undefined ? undefined : [module].flat().join(','));

/** The modules every kind of a CASL subject belongs to, when they all belong to the same (`course`: edu). */
function subjectModule(subject: string): string | undefined {
  const kinds = kindList.filter((kind) => kind.subject === subject);
  const modules = new Set(kinds.map((kind) => modulesOf(kind.module)));
  return kinds.length > 0 && modules.size === 1 ? [...modules][0] : undefined;
}

describe('a route knows its module (SPEC §6 allowedModules)', () => {
  it('a route showing records of one module declares it: by its kind, or by the subject it needs', () => {
    const missing: string[] = [];
    for (const route of routes) {
      const own = route.kind ? modulesOf(kindList.find((kind) => kind.type === route.kind)?.module) : undefined;
      const bySubject = route.can?.[0] === 'read' ? subjectModule(route.can[1]) : undefined;
      const module = (route.opensRecord || !route.kind ? own : undefined) ?? bySubject;
      if (module && !route.params?.moduleName && modulesOf(route.modules) !== module) missing.push(`${route.name}: ${module}`);
    }
    expect(missing).toEqual([]);
  });

  it('the training screens are of edu; the page of a kind says its module', () => {
    for (const name of ['Courses', 'CourseEditions', 'TrainingPlans', 'TrainingSites', 'TrainingRooms', 'TrainingEquipments', 'EnrolmentRequests']) {
      expect(routes.find((route) => route.name === name)?.modules, name).toEqual(['edu']);
    }
    expect(kindRouteModules('courseEditions')).toEqual(['edu']);
    expect(kindRouteModules('quotations')).toBeUndefined();
  });

  it('empty allowed modules mean every module', () => {
    expect(modulesAllowed(['edu'], [])).toBe(true);
    expect(modulesAllowed(['edu'], ['fire'])).toBe(false);
    expect(modulesAllowed(undefined, ['fire'])).toBe(true);
  });

  it('a fire-only user may open no page of another module, whatever its role reads', () => {
    const user = { userType: 'siv', allowedModules: ['fire'], ability: buildAbility([{ action: 'read', subject: 'all' }]) };
    for (const url of ['/planning/calendar/equip', '/planning/calendar/edu', '/planning/calendar/med', '/courses', '/courseEditions', '/trainingRooms',
      '/customers/c1/equip/installations', '/planning/physicalActivities/med/c1', '/planning/physicalActivities/equip/c1', '/customers/healthSurveillanceVisits']) {
      expect(urlAllowedTo(url, user), url).toBe(false);
    }
    for (const url of ['/planning/calendar/fire', '/customers/c1/fire/installations', '/planning/physicalActivities/fire/c1', '/equipments', '/dashboard']) {
      expect(urlAllowedTo(url, user), url).toBe(true);
    }
    expect(urlAllowedTo('/courses', { ...user, allowedModules: [] })).toBe(true);
    // Its role decides the rest: a page it may not read is not opened either.
    expect(urlAllowedTo('/users', { ...user, ability: buildAbility([{ action: 'read', subject: 'assignment' }]) })).toBe(false);
    expect(routeAllowedTo(routes.find((route) => route.name === 'UserSettings')!, {}, { ...user, ability: buildAbility([]) })).toBe(true);
  });
});
