import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { employees } from './employees.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const worker = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' };
const parse = (attributes: object, relationships: object = { customerId }) => entitySchema(employees).safeParse({ attributes, relationships });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('employees', () => {
  it('needs a valid fiscal code, stored upper-case', () => {
    expect(issues(parse({ ...worker, fiscalCode: '' }))).toEqual([{ path: 'attributes.fiscalCode', message: messages.required }]);
    expect(issues(parse({ ...worker, fiscalCode: undefined }))).toEqual([{ path: 'attributes.fiscalCode', message: messages.required }]);
    expect(issues(parse({ ...worker, fiscalCode: 'RSSMRA85T10A562T' }))).toEqual([{ path: 'attributes.fiscalCode', message: messages.invalidFiscalCode }]);
    expect(parse({ ...worker, fiscalCode: ' rssmra85t10a562s ' }).data?.attributes.fiscalCode).toBe('RSSMRA85T10A562S');
  });

  it('belongs to a customer', () => {
    expect(issues(parse(worker, {}))).toEqual([{ path: 'relationships.customerId', message: messages.required }]);
  });

  it('is not hired before being born', () => {
    expect(issues(parse({ ...worker, birthDate: '1985-12-10', hireDate: '1980-01-01' }))).toEqual([
      { path: 'attributes.hireDate', message: messages.invalidDate },
    ]);
    expect(issues(parse({ ...worker, birthDate: '1985-12-10', hireDate: '2010-09-01' }))).toEqual([]);
  });

  it('is strict', () => {
    expect(parse({ ...worker, jobId: customerId }).success).toBe(false);
    expect(parse(worker, { customerId, jobIds: [] }).success).toBe(false);
  });
});
