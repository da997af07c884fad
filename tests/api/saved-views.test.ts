/**
 * Saved views through the generic CRUD (issue 7): each user manages their own; a view shared with a
 * role is readable (in lists and by id) by the users of that role and by no one else; only the
 * owner may change or delete it, and no one can create a view in someone else's name.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser as insertApiUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('saved views on %s', (engine) => {
  let api: Api;
  const roleIds: Record<string, string> = {};
  const users: Record<string, string> = {};
  let approvalQueue: any;
  let privateView: any;

  const as = (userId: string) => api.as(userId);

  const insertUser = (email: string, roleNames: string[]) => insertApiUser(api, roleNames.map((name) => roleIds[name]!), { displayName: email, email });

  const view = (owner: string, name: string, sharedRoleIds: string[] = [], query = '') => ({
    attributes: { name, path: '/marketing/quotations', query },
    relationships: { userId: owner, sharedRoleIds },
  });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    Object.assign(roleIds, await insertDemoRoles(api));
    users.manager = await insertUser('responsabile@test.it', ['Responsabile commerciale']);
    users.otherManager = await insertUser('responsabile2@test.it', ['Pianificatore', 'Responsabile commerciale']);
    users.planner = await insertUser('pianificatore@test.it', ['Pianificatore']);
    users.noRoles = await insertUser('nessuno@test.it', []);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('lets any signed-in user save a view of their own, and read it back', async () => {
    const created = await as(users.planner!).request('POST', '/api/savedViews', view(users.planner!, 'Le mie scadenze', [], 'sort=-date'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    privateView = created.body.data;
    expect(privateView.attributes).toMatchObject({ name: 'Le mie scadenze', path: '/marketing/quotations', query: 'sort=-date' });
    const read = await as(users.planner!).request('GET', `/api/savedViews/${privateView.id}`);
    expect(read.status).toBe(200);
  });

  it('refuses a view saved in someone else’s name', async () => {
    const forged = await as(users.planner!).request('POST', '/api/savedViews', view(users.manager!, 'Finta'));
    expect(forged.status).toBe(403);
    const list = await as(users.manager!).request('GET', '/api/savedViews');
    expect(list.body.data.map((v: any) => v.attributes.name)).not.toContain('Finta');
  });

  it('shows a view shared with a role to that role’s users, in lists and by id', async () => {
    const created = await as(users.manager!).request('POST', '/api/savedViews', view(users.manager!, 'Preventivi da approvare', [roleIds['Responsabile commerciale']!], 'filter[status]=to-be-approved'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    approvalQueue = created.body.data;
    const list = await as(users.otherManager!).request('GET', '/api/savedViews?sort=name');
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: any) => v.id)).toEqual([approvalQueue.id]);
    expect((await as(users.otherManager!).request('GET', `/api/savedViews/${approvalQueue.id}`)).status).toBe(200);
    // The client asks for the views shared with any of the user's roles.
    const byRoles = await as(users.otherManager!).request('GET', `/api/savedViews?filter[sharedRoleIds]=${roleIds.Pianificatore},${roleIds['Responsabile commerciale']}`);
    expect(byRoles.body.data.map((v: any) => v.id)).toEqual([approvalQueue.id]);
    // The full text filter cannot widen what a user sees.
    const search = await as(users.otherManager!).request('GET', '/api/savedViews?filter[fullText]=scadenze');
    expect(search.body.data).toEqual([]);
  });

  it('hides it from users of other roles and from users with no role, whatever they filter', async () => {
    for (const user of [users.planner!, users.noRoles!]) {
      const list = await as(user).request('GET', `/api/savedViews?filter[userId]=${users.manager}`);
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([]);
      const byId = await as(user).request('GET', `/api/savedViews/${approvalQueue.id}`);
      expect(byId.status).toBe(403);
      expect(byId.headers['content-type']).toContain('application/problem+json');
    }
    const own = await as(users.planner!).request('GET', '/api/savedViews');
    expect(own.body.data.map((v: any) => v.id)).toEqual([privateView.id]);
  });

  it('lets only the owner change or delete a view', async () => {
    const version = approvalQueue.metadata.lastUpdatedDateTime;
    const headers = { 'if-match': `"${version}"` };
    const edit = await as(users.otherManager!).request('PATCH', `/api/savedViews/${approvalQueue.id}`, { attributes: { name: 'Mia ora' } }, headers);
    expect(edit.status).toBe(403);
    const steal = await as(users.otherManager!).request('PATCH', `/api/savedViews/${approvalQueue.id}`, { relationships: { userId: users.otherManager } }, headers);
    expect(steal.status).toBe(403);
    expect((await as(users.otherManager!).request('DELETE', `/api/savedViews/${approvalQueue.id}`, undefined, headers)).status).toBe(403);
    // The owner cannot give the view away either: it would leave their hands.
    const giveAway = await as(users.manager!).request('PATCH', `/api/savedViews/${approvalQueue.id}`, { relationships: { userId: users.planner } }, headers);
    expect(giveAway.status).toBe(403);

    const renamed = await as(users.manager!).request('PATCH', `/api/savedViews/${approvalQueue.id}`, { attributes: { name: 'Da approvare' }, relationships: { sharedRoleIds: [] } }, headers);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // No longer shared: the other manager loses it at once.
    expect((await as(users.otherManager!).request('GET', '/api/savedViews')).body.data).toEqual([]);
    const removed = await as(users.manager!).request('DELETE', `/api/savedViews/${approvalQueue.id}`, undefined, { 'if-match': `"${renamed.body.data.metadata.lastUpdatedDateTime}"` });
    expect(removed.status).toBe(200);
  });

  it('checks the content: a route of the product, known roles (422, Italian pointers)', async () => {
    const badPath = await as(users.planner!).request('POST', '/api/savedViews', { attributes: { name: 'X', path: '/non/esiste/affatto/qui' }, relationships: { userId: users.planner } });
    expect(badPath.status).toBe(422);
    expect(badPath.body.errors[0]).toMatchObject({ pointer: '/attributes/path', message: 'Valore non valido' });
    const badRole = await as(users.planner!).request('POST', '/api/savedViews', view(users.planner!, 'X', [randomUUID()]));
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors[0].pointer).toMatch(/^\/relationships\/sharedRoleIds/);
  });
});
