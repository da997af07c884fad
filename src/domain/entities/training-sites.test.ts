import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { trainingRooms, trainingSites } from './training-sites.ts';

describe('training sites', () => {
  const parse = (attributes: object) => entitySchema(trainingSites).safeParse({ attributes });

  it('needs the city of its address', () => {
    expect(parse({ name: 'Sede', address: { address: 'Via Roma 1' } }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['attributes.address.city', messages.required],
    ]);
    expect(parse({ name: 'Sede', address: { city: 'Bergamo', province: 'BG' } }).success).toBe(true);
  });

  it('is strict, down to the address', () => {
    expect(parse({ name: 'Sede', address: { city: 'Bergamo', floor: 2 } }).success).toBe(false);
  });
});

describe('training rooms', () => {
  it('belong to a site and default to a classroom', () => {
    const trainingSiteId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(entitySchema(trainingRooms).safeParse({ attributes: { name: 'Aula 1' }, relationships: {} }).success).toBe(false);
    const result = entitySchema(trainingRooms).safeParse({ attributes: { name: 'Aula 1', capacity: 20 }, relationships: { trainingSiteId } });
    expect(result.data?.attributes.type).toBe('classroom');
  });
});
