import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { Problem } from '../http/problems.ts';
import { cellText, readSheet } from './sheet-reader.ts';

describe('sheet reader', () => {
  it('reads a `;` CSV with BOM, skipping empty rows and keeping row numbers', async () => {
    const sheet = await readSheet('registro.csv', Buffer.from('\uFEFFMatricola;Note\nA-1;"uno; due"\n;\nA-2;=1+1\n'));
    expect(sheet.headers).toEqual(['Matricola', 'Note']);
    expect(sheet.rows).toEqual([{ number: 2, cells: ['A-1', 'uno; due'] }, { number: 4, cells: ['A-2', '=1+1'] }]);
  });

  it('reads a `,` CSV too', async () => {
    expect((await readSheet('r.csv', Buffer.from('Matricola,Tipo\nA,B\n'))).rows[0]!.cells).toEqual(['A', 'B']);
  });

  it('never computes a formula: the saved value, else the formula text', () => {
    expect(cellText({ formula: 'A1+1', result: 7 } as ExcelJS.CellValue)).toBe('7');
    expect(cellText({ formula: 'A1+1' } as ExcelJS.CellValue)).toBe('=A1+1');
    expect(cellText(new Date(Date.UTC(2025, 2, 15)))).toBe('2025-03-15');
    expect(cellText({ richText: [{ text: 'Estintore ' }, { text: 'CO2' }] } as ExcelJS.CellValue)).toBe('Estintore CO2');
  });

  it('refuses other formats and unreadable workbooks with a problem', async () => {
    await expect(readSheet('registro.ods', Buffer.from('x'))).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
    await expect(readSheet('registro.xlsx', Buffer.from('non un foglio'))).rejects.toBeInstanceOf(Problem);
  });
});
