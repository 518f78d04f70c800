import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_SURFACE, LIGHT_SURFACE, readableOn } from './contrast.js';

describe('readable brand colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('keeps a colour that already meets AA and adjusts one that does not, just enough', () => {
    expect(readableOn('#1f5fbf', LIGHT_SURFACE)).toBe('#1f5fbf');
    const onDark = readableOn('#1f5fbf', DARK_SURFACE);
    expect(contrastRatio(onDark, DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(onDark).not.toBe('#ffffff');
    const onLight = readableOn('#ffeb3b', LIGHT_SURFACE);
    expect(contrastRatio(onLight, LIGHT_SURFACE)).toBeGreaterThanOrEqual(4.5);
  });
});
