/**
 * «Proponi una correzione dei dati di legge» (issue 25) on an open equipment (`r q`, the palette, the
 * button of the equipment's file): a field technician does not write the data that drives the legal
 * deadlines (the server refuses it), it proposes the correction: the new change request opens in a tab
 * with the equipment, and the intervention the technician came from when there is one.
 */
import { entityUrl } from '../src/domain/routes.ts';
import type { Command, CommandContext } from './types.ts';

const group = { id: 'commands.group.record' };

/** The equipment the focused tab shows, stored and not deleted. */
function openEquipment(ctx: CommandContext): { id: string } | undefined {
  const doc = ctx.activeDocument;
  if (doc?.type !== 'equipments' || !doc.entity || doc.record?.creating || doc.entity.metadata.isDeleted) return undefined;
  return { id: doc.id };
}

/** The new change request of an equipment, proposed during an intervention when there is one (its checklist's `r q`). */
export function proposeCorrectionUrl(equipmentId: string, assignmentId?: string): string {
  const params = new URLSearchParams({ 'relationships.equipmentId': equipmentId, ...(assignmentId ? { 'relationships.assignmentId': assignmentId } : {}) });
  return `${entityUrl('equipmentChangeRequests', 'new') ?? ''}?${params.toString()}`;
}

export const proposeCorrectionCommand: Command = {
  id: 'equipment.proposeCorrection',
  title: { id: 'commands.equipment.proposeCorrection' },
  group,
  scope: 'tab',
  keys: ['r q'],
  keywords: ['richiesta di modifica', 'correzione', 'matricola', 'data di produzione', 'agente estinguente'],
  when: (ctx) => Boolean(openEquipment(ctx)) && ctx.ability.can('create', 'equipment change request'),
  run: (ctx) => {
    const equipment = openEquipment(ctx);
    if (equipment) ctx.workspace.openTab(proposeCorrectionUrl(equipment.id));
  },
};

export const equipmentChangeRequestCommands: Command[] = [proposeCorrectionCommand];
