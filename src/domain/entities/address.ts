/**
 * Postal address as SPEC §3 lists it; used by customers, suppliers, training sites, office locations.
 * The fields few addresses have (building, coordinates, ERP country…) are `detail`: folded in forms.
 */
import { z } from 'zod';
import { detail, nonNegativeInt, optionalEmail, optionalText, optionalUrl } from '../validation.ts';

export const address = z.strictObject({
  businessName: optionalText(200),
  completeBusinessName: detail(optionalText(300)),
  address: optionalText(300),
  additionalAddress: detail(optionalText(300)),
  completeAddress: detail(optionalText(500)),
  road: optionalText(200),
  houseNumber: optionalText(20),
  zipCode: optionalText(10),
  city: optionalText(100),
  hamlet: detail(optionalText(100)),
  province: optionalText(5),
  erpCountryCode: detail(nonNegativeInt().default(86)),
  state: detail(optionalText(100)),
  building: detail(optionalText(100)),
  careOf: detail(optionalText(200)),
  latitude: detail(z.number().min(-90).max(90).optional()),
  longitude: detail(z.number().min(-180).max(180).optional()),
  precision: detail(optionalText(50)),
  phoneNumber: optionalText(30),
  secondaryPhoneNumber: detail(optionalText(30)),
  mobilePhoneNumber: optionalText(30),
  email: optionalEmail(),
  emailPec: detail(optionalEmail()),
  website: detail(optionalUrl()),
});
export type Address = z.infer<typeof address>;
