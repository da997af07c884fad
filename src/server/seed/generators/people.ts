/** Italian people for users, customers, referents and employees: a name, a birth and a valid fiscal code. */
import type { SeedContext } from '../seed-context.ts';
import { fiscalCode } from './codes.ts';
import { cities, femaleFirstNames, maleFirstNames, type City } from './italian-data.ts';
import { addDays } from './util.ts';

export interface Person {
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  birthDate: string;
  birthCity: City;
  fiscalCode: string;
}

const cityWeights = cities.map((city) => ({ weight: city.weight, value: city }));

/** A city, big ones more often. */
export function pickCity(ctx: SeedContext): City {
  return ctx.faker.helpers.weightedArrayElement(cityWeights);
}

export function firstName(ctx: SeedContext, gender: 'male' | 'female'): string {
  return ctx.pick(gender === 'male' ? maleFirstNames : femaleFirstNames);
}

export function lastName(ctx: SeedContext): string {
  return ctx.faker.person.lastName();
}

/** A person aged between `minAge` and `maxAge` on the reference day. */
export function person(ctx: SeedContext, minAge = 20, maxAge = 65): Person {
  const gender = ctx.faker.datatype.boolean() ? 'male' : 'female';
  const first = firstName(ctx, gender);
  const last = lastName(ctx);
  const birthDate = addDays(ctx.referenceDay, -ctx.faker.number.int({ min: minAge * 365 + 10, max: maxAge * 365 }));
  const birthCity = pickCity(ctx);
  return {
    firstName: first,
    lastName: last,
    gender,
    birthDate,
    birthCity,
    fiscalCode: fiscalCode({ firstName: first, lastName: last, gender, birthDate, birthPlaceCode: birthCity.cadastralCode }),
  };
}

/** A person whose fiscal code is not in `taken` (and is added to it). */
export function uniquePerson(ctx: SeedContext, taken: Set<string>, minAge = 20, maxAge = 65): Person {
  for (;;) {
    const candidate = person(ctx, minAge, maxAge);
    if (!taken.has(candidate.fiscalCode)) {
      taken.add(candidate.fiscalCode);
      return candidate;
    }
  }
}
