/** Under an employee's form: what their safety roles require (compliance), then the courses attended (training record). */
import { EmployeeCompliance } from './employee-compliance.tsx';
import { TrainingRecord } from '../course-editions/training-record.tsx';

export function EmployeeTraining({ id }: { id: string }) {
  return (
    <>
      <EmployeeCompliance id={id} />
      <TrainingRecord id={id} />
    </>
  );
}
