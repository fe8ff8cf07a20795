import { describe, expect, it } from 'vitest';
import { valuesChanged } from './use-dialog-form';

describe('valuesChanged', () => {
  const opened = { name: 'Best Song', locations: ['header'], names: { fr: 'Meilleure' }, file: null };

  it('sees no change in the values a form opened with, even rebuilt', () => {
    expect(valuesChanged(opened, { ...opened })).toBe(false);
    expect(valuesChanged(opened, { ...opened, locations: ['header'], names: { fr: 'Meilleure' } })).toBe(
      false,
    );
  });

  it('sees a typed text, a ticked box, a translated name and a picked file', () => {
    expect(valuesChanged(opened, { ...opened, name: 'Best Song!' })).toBe(true);
    expect(valuesChanged(opened, { ...opened, locations: ['header', 'footer'] })).toBe(true);
    expect(valuesChanged(opened, { ...opened, names: { fr: 'Meilleure chanson' } })).toBe(true);
    const file = new Blob(['x']) as unknown as null;
    expect(valuesChanged(opened, { ...opened, file })).toBe(true);
  });
});
