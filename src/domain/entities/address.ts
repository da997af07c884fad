/** Postal address as SPEC §3 lists it; used by customers, suppliers, training sites, office locations. */
import { z } from 'zod';
import { nonNegativeInt, optionalEmail, optionalText, optionalUrl } from '../validation.ts';

export const address = z.strictObject({
  businessName: optionalText(200),
  completeBusinessName: optionalText(300),
  address: optionalText(300),
  additionalAddress: optionalText(300),
  completeAddress: optionalText(500),
  road: optionalText(200),
  houseNumber: optionalText(20),
  zipCode: optionalText(10),
  city: optionalText(100),
  hamlet: optionalText(100),
  province: optionalText(5),
  erpCountryCode: nonNegativeInt().default(86),
  state: optionalText(100),
  building: optionalText(100),
  careOf: optionalText(200),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  precision: optionalText(50),
  phoneNumber: optionalText(30),
  secondaryPhoneNumber: optionalText(30),
  mobilePhoneNumber: optionalText(30),
  email: optionalEmail(),
  emailPec: optionalEmail(),
  website: optionalUrl(),
});
export type Address = z.infer<typeof address>;
