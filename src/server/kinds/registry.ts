/** Server hooks of the registry kinds: the uniqueness rules SPEC §5/§8 give them. */
import type { KindHooks } from '../resources/hooks.ts';
import { customerName, requireUnique } from './support/hook-helpers.ts';
import { executeDeadlinesOfAssignment } from './support/deadline-engine.ts';
import { checkOperators, interventionGuardContext, recordAnomaliesOnClosing } from './assignments.ts';
import { customerListHook, customerReadHook, logContact, refreshCustomerFigures, refreshParentOfLocation } from './support/customer-figures.ts';

export const registryHooks: Record<string, KindHooks> = {
  assignments: {
    async beforeWrite(hook, data, previous, id) {
      await checkOperators(hook, data, previous);
      await requireUnique(hook, data, id, 'code', 'ASSIGNMENT_CODE_ALREADY_USED', (other) => `Codice incarico già utilizzato per l’incarico ${other}`);
      return { ...data, metadata: { ...data.metadata, customerName: await customerName(hook, data.relationships.customerId) } };
    },
    // Closing an intervention executes the deadlines of the activities it closes (the deadline engine).
    afterWrite: executeDeadlinesOfAssignment,
    // The intervention (issue 11): closing follows the anomalies found, and closing with anomalies records them.
    guardContext: interventionGuardContext,
    onTransition: recordAnomaliesOnClosing,
  },
  products: {
    async beforeWrite(hook, data, _previous, id) {
      await requireUnique(hook, data, id, 'code', 'PRODUCT_CODE_ALREADY_USED', (other) => `Codice prodotto già utilizzato per il prodotto ${other}`);
    },
  },
  employees: {
    async beforeWrite(hook, data, _previous, id) {
      // One employee per fiscal code within a company (SPEC §5 message).
      await requireUnique(hook, data, id, 'fiscalCode', 'EMPLOYEE_ALREADY_EXISTS', () => 'Esiste già un dipendente con questo codice fiscale', (other) => other.relationships.customerId === data.relationships.customerId);
    },
  },
  customers: {
    async beforeWrite(hook, data, previous, id) {
      // CUSTOMER_ALREADY_EXISTS (SPEC §8): one customer per VAT number and per fiscal code.
      // Office locations (customers with a parent) share their company's codes, so only head customers count.
      if (!data.attributes.parentId) {
        for (const field of ['vatNumber', 'fiscalCode']) {
          await requireUnique(hook, data, id, field, 'CUSTOMER_ALREADY_EXISTS', () => 'Esiste già un cliente con questi dati', (other) => !other.attributes.parentId);
        }
      }
      // SPEC §3 createdByName: who created it, by name (kept afterwards as derived metadata).
      if (previous) return;
      // A new customer under a parent is an office location (SPEC §3 type), unless another type was chosen.
      const type = data.attributes.parentId && data.metadata.type === 'potential' ? 'officeLocation' : data.metadata.type;
      return { ...data, metadata: { ...data.metadata, type, createdByName: hook.call.identity.displayName } };
    },
    // SPEC §3 figures (price list, agreements, office locations, deadlines) computed on every read.
    afterRead: customerReadHook,
    afterList: customerListHook,
    actions: { logContact },
    async afterWrite(hook, entity, previous) {
      // Its own figures (a new active price list named), and its parent's office-location count.
      await refreshCustomerFigures(hook, entity.id);
      await refreshParentOfLocation(hook, entity, previous);
      // A customer moved to another zone takes its quotations along (SPEC §6 readArea reads the zone kept on them).
      const zone = entity.relationships.commercialZoneId ?? null;
      if (!previous || (previous.relationships.commercialZoneId ?? null) === zone) return;
      const quotations = hook.repository('quotations');
      for (const quotation of await quotations.listByRelationship('customerId', entity.id)) await quotations.patchDerivedMetadata(quotation.id, { commercialZoneId: zone });
    },
  },
};
