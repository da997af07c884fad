/**
 * Search as the user types: every prefix of a word finds it, also one longer than the word's Italian
 * stem (the role picker's «Operat» found nothing, since «Operatore» is stored as the stem `oper`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('full-text prefixes on %s', (engine) => {
  let api: Api;
  const operator = randomUUID();
  const planner = randomUUID();
  const home = randomUUID();

  beforeAll(async () => {
    api = await setupApi(engine);
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    await roles.insert([
      { id: operator, by: null, data: { attributes: { name: 'Operatore di prova', description: 'Ricerca', permissions: [] }, metadata: {}, relationships: {} } },
      { id: planner, by: null, data: { attributes: { name: 'Pianificazione prova', description: 'Ricerca', permissions: [] }, metadata: {}, relationships: {} } },
      { id: home, by: null, data: { attributes: { name: 'Casa di cura', description: 'Ricerca', permissions: [] }, metadata: {}, relationships: {} } },
    ]);
  });
  afterAll(() => api?.close());

  const found = async (text: string) => (await api.get(`/api/roles?filter[fullText]=${encodeURIComponent(text)}&page[size]=100`)).body.data.map((role: { id: string }) => role.id) as string[];

  it('finds a role by every prefix of its name, whatever the case', async () => {
    for (let n = 2; n <= 'Operatore'.length; n++) {
      const typed = 'Operatore'.slice(0, n);
      expect(await found(typed), typed).toContain(operator);
      expect(await found(typed.toLowerCase()), typed.toLowerCase()).toContain(operator);
    }
    for (let n = 2; n <= 'Pianificazione'.length; n++) expect(await found('Pianificazione'.slice(0, n))).toContain(planner);
  });

  it('still requires every word and does not match another word', async () => {
    expect(await found('Operat prova')).toEqual([operator]);
    expect(await found('Operat pianif')).toEqual([]);
    expect(await found('Opzione')).not.toContain(operator);
    expect(await found('Pianif')).not.toContain(operator);
    // A short stem of another word is not one a longer typed word stands for: «casa» is stored as `cas`.
    expect(await found('Cassetta')).not.toContain(home);
    expect(await found('Casa')).toContain(home);
    // A stop word typed among the others is no condition (a customer's «Delle Monache Ivan» found nothing).
    expect(await found('Casa di cura')).toEqual([home]);
    expect(await found('Operatore della prova')).toEqual([operator]);
  });
});
