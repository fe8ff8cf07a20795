import { describe, expect, it } from 'vitest';
import { targetHost } from './ads-table';

describe('the target host on the ads table', () => {
  it('is written as the public ad writes it: the hostname without a leading www.', () => {
    expect(targetHost('https://www.sponsor.example/offer?x=1')).toBe('sponsor.example');
    expect(targetHost('http://shop.sponsor.example:8080/')).toBe('shop.sponsor.example');
    expect(targetHost('https://wwwsponsor.example/')).toBe('wwwsponsor.example');
    expect(targetHost('not a url')).toBe('not a url');
  });
});
