/** Imports (issue 27): a customer's «Importazioni» list reads each by its register, date, counts and state; the title is the file. */
import type { KindModule } from './types.ts';

export const imports: KindModule = {
  type: 'imports',
  childColumns: ['register', 'committedDateTime', 'createdCount', 'updatedCount', 'refusedCount', 'state'],
  listColumns: ['register', 'committedDateTime', 'createdCount', 'updatedCount', 'refusedCount', 'state', 'customerId'],
};
