/**
 * Qualified technicians on the board (issue 25): while a card is carried, the lanes of technicians who
 * are not qualified, on the day it is over, for the system types the intervention's activities need
 * (`metadata.systemTypes`, kept by the server) are marked with the types they lack. The server still
 * decides: a drop there is refused with its message, as any refused move.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import type { ListParams } from '../../domain/records.ts';
import { heldQualificationOf } from '../../domain/entities/technician-qualifications.ts';
import { fireSystemTypes, missingSystemTypes, type FireSystemType, type HeldQualification } from '../../domain/rules/technician-qualification.ts';
import { listKey, records } from '../data/index.ts';

const QUALIFICATIONS = 'technicianQualifications';
const query: ListParams = { 'page[size]': 500, sort: 'renewalDueDate' };

/** The system types an intervention needs, as the server keeps them on it. */
export function neededSystemTypes(entity: Entity | undefined): FireSystemType[] {
  const stored = entity?.metadata.systemTypes;
  return Array.isArray(stored) ? fireSystemTypes.filter((type) => stored.includes(type)) : [];
}

/** Every technician's qualifications (read only by who may read them: the planners), by user. */
export function useHeldQualifications(enabled: boolean): ReadonlyMap<string, HeldQualification[]> | undefined {
  const answer = useQuery({
    queryKey: listKey(QUALIFICATIONS, query),
    queryFn: ({ signal }) => records.list(QUALIFICATIONS, query, signal),
    enabled,
    select: (list) => list.data,
  });
  return useMemo(() => {
    if (!answer.data) return undefined;
    const byUser = new Map<string, HeldQualification[]>();
    for (const row of answer.data) {
      const user = String(row.relationships.userId ?? '');
      byUser.set(user, [...(byUser.get(user) ?? []), heldQualificationOf(row)]);
    }
    return byUser;
  }, [answer.data]);
}

/** The types a lane's technician lacks on `day` for `needed` (none when the qualifications are not known). */
export function laneMissing(held: ReadonlyMap<string, HeldQualification[]> | undefined, lane: string, needed: readonly FireSystemType[], day: string): FireSystemType[] {
  if (!held || needed.length === 0) return [];
  return missingSystemTypes(needed, held.get(lane) ?? [], day);
}
