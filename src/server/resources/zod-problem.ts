/** A zod failure as a 422 problem: one error per issue with a JSON pointer, and our rule code when there is one. */
import type { z } from 'zod';
import { Problem, pointerOf, type FieldError } from '../http/problems.ts';

export function zodProblem(error: z.ZodError, prefix: PropertyKey[] = []): Problem {
  const errors: FieldError[] = error.issues.map((issue) => {
    const params = (issue as { params?: { code?: string } }).params;
    const path = issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? [...issue.path, issue.keys[0] as string] : issue.path;
    return { pointer: pointerOf([...prefix, ...path]), code: params?.code ?? issue.code, message: issue.message };
  });
  const specific = errors.find((e) => /^[A-Z_]+$/.test(e.code));
  return new Problem('VALIDATION_FAILED', specific ? { errors, code: specific.code, message: specific.message } : { errors });
}
