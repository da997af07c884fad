/** Every entity kind the product knows, by API type. The server, the seed and the client read this. */
import type { KindDefinition } from './kind.ts';
import { customers } from './entities/customer.ts';
import { adminKinds } from './entities/admin-kinds.ts';
import { marketingKinds } from './entities/marketing-kinds.ts';
import { planningKinds } from './entities/planning-kinds.ts';
import { savedViews } from './entities/saved-views.ts';
import { impersonationAudit } from './entities/impersonation-audit.ts';
import { mailMessages } from './entities/mail-messages.ts';
import { imports } from './import/register-import.ts';
import { rectifications } from './entities/rectifications.ts';
import { enrolmentRequests } from './entities/enrolment-requests.ts';
import { equipmentChangeRequests } from './entities/equipment-change-requests.ts';

export const kindList: readonly KindDefinition[] = [customers, ...adminKinds, ...marketingKinds, ...planningKinds, rectifications, enrolmentRequests, equipmentChangeRequests, savedViews, impersonationAudit, imports, mailMessages];

export const kinds: ReadonlyMap<string, KindDefinition> = new Map(kindList.map((kind) => [kind.type, kind]));

export function findKind(type: string): KindDefinition | undefined {
  return kinds.get(type);
}
