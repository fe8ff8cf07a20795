import { describe, expect, it } from 'vitest';
import { shortFilename } from './short-filename';

describe('shortFilename', () => {
  it("keeps the id's first 8 characters and the width of a server-generated name", () => {
    expect(shortFilename('3f1c2a9b-49a0-4eba-abf9-5e97a1a2f23f-1920.webp')).toBe('3f1c2a9b…-1920.webp');
    expect(shortFilename('3f1c2a9b-49a0-4eba-abf9-5e97a1a2f23f.webp')).toBe('3f1c2a9b….webp');
  });

  it('leaves any other name as it is', () => {
    expect(shortFilename('cover.png')).toBe('cover.png');
  });
});
