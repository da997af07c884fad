/** Roles, the demo users and the provider's staff; later the customer users and everyone's settings. */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { ADMIN_ROLE_NAME } from '../../../domain/rules/identity.ts';
import { DEMO_CUSTOMER_MODULES, DEMO_DOMAIN, DEMO_USERS } from './demo-users.ts';
import { roleItems, roleDefinitions } from './roles.ts';
import { firstName, lastName } from './people.ts';
import { stateOf, type StaffUser } from './state.ts';
import { personSlug, some } from './util.ts';

/** Generated staff: how many of each job, with the role they hold. */
const staffPlan = [
  { count: 10, roleName: 'Commerciale', isSalesman: true, isMainteiner: false, isPlanner: false },
  { count: 2, roleName: 'Responsabile commerciale', isSalesman: true, isMainteiner: false, isPlanner: false },
  { count: 12, roleName: 'Manutentore', isSalesman: false, isMainteiner: true, isPlanner: false },
  { count: 4, roleName: 'Pianificatore', isSalesman: false, isMainteiner: false, isPlanner: true },
  { count: 2, roleName: 'Operatore', isSalesman: false, isMainteiner: false, isPlanner: false },
] as const;

const staffModules = [[], [], ['fire', 'equip'], ['fire'], ['equip'], ['edu', 'doc', 'med'], ['fire', 'equip', 'edu']] as const;

export async function seedRolesAndStaff(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  // The administrator's id is chosen first, so every row (roles included) names its creator.
  state.adminId = ctx.uuid();
  ctx.createdBy = state.adminId;

  const roleIds = await ctx.insert('roles', roleItems());
  roleDefinitions.forEach((role, index) => state.roleIds.set(role.name, roleIds[index] as string));
  const roleId = (name: string) => state.roleIds.get(name) as string;

  const items: SeedItem[] = [];
  const staff: StaffUser[] = [];
  const createdDateTime = ctx.dateTime(-900);
  for (const demo of DEMO_USERS.filter((u) => u.userType !== 'customer')) {
    const id = demo.roleName === ADMIN_ROLE_NAME ? state.adminId : ctx.uuid();
    items.push({
      id,
      createdDateTime,
      attributes: {
        userType: demo.userType,
        displayName: demo.displayName,
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        isSalesman: demo.isSalesman ?? false,
        isMainteiner: demo.isMainteiner ?? false,
        allowedModules: [],
      },
      metadata: { isEnabled: true },
      relationships: { roleIds: [roleId(demo.roleName)], customerIds: [], officeLocationIds: [] },
    });
    staff.push({
      id, displayName: demo.displayName, email: demo.email, isSalesman: demo.isSalesman ?? false, isMainteiner: demo.isMainteiner ?? false,
      isPlanner: demo.roleName === 'Pianificatore', isDemo: true, allowedModules: [], isEnabled: true,
    });
  }

  const emails = new Set(items.map((item) => item.attributes.email as string));
  for (const plan of staffPlan) {
    for (let n = 0; n < plan.count; n++) {
      const gender = ctx.faker.datatype.boolean() ? 'male' : 'female';
      const first = firstName(ctx, gender);
      const last = lastName(ctx);
      let email = `${personSlug(first, last)}@${DEMO_DOMAIN}`;
      for (let k = 2; emails.has(email); k++) email = `${personSlug(first, last)}${k}@${DEMO_DOMAIN}`;
      emails.add(email);
      const id = ctx.uuid();
      const displayName = `${first} ${last}`;
      const createdDateTime = ctx.dateTime(-ctx.faker.number.int({ min: 30, max: 880 }));
      const allowedModules = [...ctx.pick(staffModules)];
      const isEnabled = ctx.faker.number.int(20) > 0;
      items.push({
        id,
        createdDateTime,
        attributes: {
          userType: 'siv', displayName, email, firstName: first, lastName: last,
          isSalesman: plan.isSalesman, isMainteiner: plan.isMainteiner,
          allowedModules,
        },
        // A couple of people have left: their accounts stay, disabled.
        metadata: { isEnabled },
        relationships: { roleIds: [roleId(plan.roleName)], customerIds: [], officeLocationIds: [] },
      });
      staff.push({ id, displayName, email, isSalesman: plan.isSalesman, isMainteiner: plan.isMainteiner, isPlanner: plan.isPlanner, isDemo: false, allowedModules, isEnabled });
    }
  }
  // Two external technicians from partner firms.
  for (const firm of ['antincendiopiu.it', 'verifichenord.it']) {
    const first = firstName(ctx, 'male');
    const last = lastName(ctx);
    const id = ctx.uuid();
    const displayName = `${first} ${last}`;
    items.push({
      id,
      createdDateTime: ctx.dateTime(-ctx.faker.number.int({ min: 30, max: 600 })),
      attributes: {
        userType: 'external', displayName, email: `${personSlug(first, last)}@${firm}`, firstName: first, lastName: last,
        isSalesman: false, isMainteiner: true, allowedModules: ['fire', 'equip'],
      },
      metadata: { isEnabled: true },
      relationships: { roleIds: [roleId('Esterno')], customerIds: [], officeLocationIds: [] },
    });
    staff.push({ id, displayName, email: items.at(-1)?.attributes.email as string, isSalesman: false, isMainteiner: true, isPlanner: false, isDemo: false, allowedModules: ['fire', 'equip'], isEnabled: true });
  }
  await ctx.insert('users', items);
  state.staff = staff;
  return { roles: roleIds.length, users: items.length };
}

const tabsByRole: Record<string, { url: string; title: string }[]> = {
  [ADMIN_ROLE_NAME]: [{ url: '/dashboard', title: 'Cruscotto' }, { url: '/users', title: 'Utenti' }, { url: '/roles', title: 'Ruoli' }],
  Commerciale: [{ url: '/marketing/customers', title: 'Clienti' }, { url: '/marketing/quotations', title: 'Preventivi' }],
  'Responsabile commerciale': [{ url: '/marketing/quotations', title: 'Preventivi' }, { url: '/marketing/orders', title: 'Ordini' }, { url: '/marketing/commercialOffers', title: 'Offerte commerciali' }],
  Manutentore: [{ url: '/planning/assignments', title: 'Interventi' }, { url: '/equipments', title: 'Attrezzature' }],
  Pianificatore: [{ url: '/planning/calendar/fire', title: 'Calendario antincendio' }, { url: '/planning/assignments', title: 'Interventi' }, { url: '/planning/physicalActivities', title: 'Scadenze' }],
  Operatore: [{ url: '/dashboard', title: 'Cruscotto' }, { url: '/planning/assignments', title: 'Interventi' }],
  Esterno: [{ url: '/planning/assignments', title: 'Interventi' }],
};

/** The two customer users (their customers exist now) and the settings of every demo user. */
export async function seedCustomerUsersAndSettings(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const items: SeedItem[] = [];
  const customerUserIds: string[] = [];
  for (const demo of DEMO_USERS.filter((u) => u.userType === 'customer')) {
    const customer = state.customers[state.demoCustomerIndexes[demo.demoCustomer ?? 0]];
    if (!customer) throw new Error('seed: demo customers missing');
    const id = ctx.uuid();
    customerUserIds.push(id);
    items.push({
      id,
      createdDateTime: ctx.dateTime(-200),
      attributes: {
        userType: 'customer', displayName: demo.displayName, email: demo.email, firstName: demo.firstName, lastName: demo.lastName,
        customerId: customer.id, isSalesman: false, isMainteiner: false, allowedModules: [...DEMO_CUSTOMER_MODULES],
        ...(demo.isCustomerAdmin ? { isCustomerAdmin: true } : {}),
      },
      metadata: { isEnabled: true },
      // Every site of the customer (an empty list: issue 26 §9).
      relationships: { roleIds: [state.roleIds.get('Cliente') as string], customerIds: [customer.id], officeLocationIds: [] },
    });
  }
  await ctx.insert('users', items);

  const settings: SeedItem[] = [];
  const demoStaff = state.staff.filter((u) => u.isDemo);
  DEMO_USERS.filter((u) => u.userType !== 'customer').forEach((demo, index) => {
    const user = demoStaff[index] as StaffUser;
    const tabs = tabsByRole[demo.roleName] ?? [];
    settings.push({
      attributes: {
        hasDarkTheme: index === 3 ? true : undefined,
        // Filters start hidden for every demo user, as for a new one (a random choice here made the demo
        // screens change with the rows generated before it). The draw is still made, so that the demo
        // data generated after it stays the same.
        hasFilters: ctx.faker.datatype.boolean() && false,
        hasSidebarEnlarged: index % 2 === 0,
        sidebarOpenedGroups: some(ctx, ['Anagrafiche', 'Commerciale', 'Pianificazione', 'Impostazioni', 'Formazione'], 2),
        currentGroupSelected: 'Anagrafiche',
        openTabs: tabs,
        activeTabUrl: tabs[0]?.url,
        gridColumns: { customers: ['displayName', 'city', 'province', 'type', 'lastContact'] },
        tabLimit: 50,
      },
      relationships: { userId: user.id },
    });
  });
  DEMO_USERS.filter((u) => u.userType === 'customer').forEach((demo, index) => {
    const customer = state.customers[state.demoCustomerIndexes[demo.demoCustomer ?? 0]];
    const url = `/customers/${customer?.id}`;
    settings.push({
      attributes: {
        hasFilters: false, hasSidebarEnlarged: true, sidebarOpenedGroups: [], currentGroupSelected: '', openTabs: [{ url, title: customer?.displayName }], activeTabUrl: url, gridColumns: {}, tabLimit: 50,
      },
      relationships: { userId: customerUserIds[index] },
    });
  });
  await ctx.insert('userSettings', settings);
  return { users: items.length, userSettings: settings.length };
}
