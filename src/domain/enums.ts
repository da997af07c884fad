/** Enumerations of SPEC §1 and §3 (`enum-values.ts`), with the schemas made from them. */
import { z } from 'zod';
import { modules } from './enum-values.ts';

export * from './enum-values.ts';

export const moduleName = z.enum(modules);
