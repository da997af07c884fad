/**
 * Under an employee's form: what their safety roles require (compliance), then the courses attended
 * (training record). Both are the training module's (edu): a reader without it gets neither section,
 * rather than a refusal on screen.
 */
import { useSession } from '../session/session.tsx';
import { EmployeeCompliance } from './employee-compliance.tsx';
import { EmployeeTrainingRecord } from './employee-training-record.tsx';
import { hasTrainingModule } from './compliance-data.ts';

export function EmployeeTraining({ id }: { id: string }) {
  const { identity } = useSession();
  if (!hasTrainingModule(identity.allowedModules)) return null;
  return (
    <>
      <EmployeeCompliance id={id} />
      <EmployeeTrainingRecord id={id} />
    </>
  );
}
