/**
 * The hooks of each kind (see hooks.ts for when each one runs). Each kind's hooks live in its own
 * module under `src/server/kinds/`; this is where they are gathered.
 */
import type { KindHooks } from './hooks.ts';
import { quotationHooks } from '../kinds/quotations.ts';
import { orderHooks } from '../kinds/orders.ts';
import { registryHooks } from '../kinds/registry.ts';
import { equipmentHooks } from '../kinds/support/deadline-engine.ts';
import { reminderHooks } from '../kinds/reminders.ts';
import { userHooks } from '../kinds/users.ts';
import { templateDocHooks } from '../kinds/templateDocs.ts';
import { mediaHooks } from '../kinds/media.ts';
import { customerFigureHooks } from '../kinds/support/customer-figures.ts';
import { roleHooks } from '../kinds/roles.ts';
import { courseEditionHooks } from '../kinds/courseEditions.ts';
import { savedViewHooks } from '../kinds/savedViews.ts';

export const kindHooks: Record<string, KindHooks> = { ...quotationHooks, ...orderHooks, ...registryHooks, ...equipmentHooks, ...reminderHooks, ...templateDocHooks, ...mediaHooks, ...userHooks, ...roleHooks, ...customerFigureHooks, ...courseEditionHooks, ...savedViewHooks };
