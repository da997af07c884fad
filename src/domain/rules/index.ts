/** Pure business rules shared by client and server (DESIGN §4): no I/O, unit-tested next to each file. */
export * from './calendar.ts';
export * from './money.ts';
export * from './commercial-offer.ts';
export * from './identity.ts';
export * from './expiry.ts';
export * from './discount.ts';
export * from './delivery.ts';
export * from './dates.ts';
export * from './instalments.ts';
export * from './totals.ts';
