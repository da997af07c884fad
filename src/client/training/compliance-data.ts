/**
 * The safety-role compliance the server computes (`GET /api/employees/{id}/compliance`,
 * `GET /api/customers/{id}/compliance`) and an employee's training record (`GET /api/employees/{id}/training`),
 * read through the records provider: the answers' shapes,
 * their query keys (under the record's own key, so a change to the employee or the customer
 * refreshes them) and the loaders.
 */
import type { ComplianceRow, ComplianceStatus, ComplianceSummary } from '../../domain/rules/training-compliance.ts';
import type { TrainingRecordRow } from '../../domain/rules/training-refreshers.ts';
import { useEffect } from 'react';
import { queryClient } from '../api/query-client.ts';
import { onChangeNotice, records, recordKey } from '../data/index.ts';

export interface ComplianceAnswerRow extends ComplianceRow {
  roleCode: string;
  roleName: string;
}

export interface EmployeeCompliance {
  employeeId: string;
  employeeName: string;
  safetyRoleIds: string[];
  rows: ComplianceAnswerRow[];
  summary: ComplianceSummary;
}

export interface ComplianceMeta {
  today: string;
  courses: Record<string, { code: string; title: string }>;
}

export const employeeComplianceKey = (id: string) => [...recordKey('employees', id), 'compliance'] as const;
export const customerComplianceKey = (id: string) => [...recordKey('customers', id), 'compliance'] as const;

export const loadEmployeeCompliance = (id: string, signal?: AbortSignal) =>
  records.related<{ data: EmployeeCompliance; meta: ComplianceMeta }>('employees', id, 'compliance', {}, signal);

export const loadCustomerCompliance = (id: string, signal?: AbortSignal) =>
  records.related<{ data: EmployeeCompliance[]; meta: ComplianceMeta }>('customers', id, 'compliance', {}, signal);

/** A row of an employee's training record (`GET /api/employees/{id}/training`): only the employee's own participation. */
export interface TrainingRecordAnswerRow extends TrainingRecordRow {
  editionCode: string;
  editionState: string;
}

export const employeeTrainingKey = (id: string) => [...recordKey('employees', id), 'training'] as const;

export const loadEmployeeTraining = (id: string, signal?: AbortSignal) =>
  records.related<{ data: TrainingRecordAnswerRow[]; meta: ComplianceMeta }>('employees', id, 'training', {}, signal);

/** Whether the user works in the training module (edu), which the compliance and the training record are of (none listed: every module). */
export function hasTrainingModule(allowedModules: readonly string[]): boolean {
  return allowedModules.length === 0 || allowedModules.includes('edu');
}

/** `CODE – Title` of a course the answer names. */
export function courseName(meta: ComplianceMeta | undefined, id: string): string {
  const course = meta?.courses[id];
  return course ? `${course.code} – ${course.title}` : id;
}

/** The statuses that need something done, most urgent first (the badge's order). */
export const urgentStatuses: readonly Exclude<ComplianceStatus, 'valid'>[] = ['missing', 'expired', 'expiring'];

/** What compliance is computed from besides the employee and the customer themselves. */
const COMPLIANCE_SOURCES: ReadonlySet<string> = new Set(['courseEditions', 'safetyRoles', 'courses', 'employees']);

/**
 * Compliance read on screen follows the editions, roles and courses it comes from: a change to any
 * of them (an outcome recorded, a role's requirements edited) refreshes every compliance answer.
 */
export function useComplianceFollowsSources(): void {
  useEffect(() => onChangeNotice((notice) => {
    if (!COMPLIANCE_SOURCES.has(notice.type)) return;
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.at(-1) === 'compliance' || query.queryKey.at(-1) === 'training' });
  }), []);
}
