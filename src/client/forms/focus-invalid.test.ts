// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { firstInvalidControl } from './focus-invalid.ts';

describe('the first field to correct', () => {
  it('is the invalid input itself, or the first control of an invalid group that takes no focus', () => {
    document.body.innerHTML = `
      <fieldset aria-invalid="true"><legend>Moduli abilitati</legend><label><input type="checkbox" id="portal"> Portale</label></fieldset>
      <input id="name" aria-invalid="true">`;
    expect(firstInvalidControl(document.body)?.id).toBe('portal');
    document.body.innerHTML = `<input id="ok"><input id="name" aria-invalid="true">`;
    expect(firstInvalidControl(document.body)?.id).toBe('name');
    document.body.innerHTML = `<input id="ok">`;
    expect(firstInvalidControl(document.body)).toBeNull();
  });
});
