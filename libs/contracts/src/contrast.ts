/** The surfaces brand colours are read on: white (light theme), the darkest raised paper (dark). */
export const LIGHT_SURFACE = '#ffffff';
export const DARK_SURFACE = '#383838';

/** WCAG 2.2 AA for text (1.4.3). */
const AA_TEXT_RATIO = 4.5;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/**
 * A brand colour (#rrggbb) made readable as text on `surface`: unchanged when it already meets
 * AA contrast, otherwise mixed towards white (dark surface) or black (light surface) just enough.
 */
export function readableOn(colour: string, surface: string): string {
  if (contrastRatio(colour, surface) >= AA_TEXT_RATIO) return colour;
  const target = luminance(channels(surface)) < 0.5 ? 255 : 0;
  const base = channels(colour);
  for (let step = 1; step <= 20; step++) {
    const mixed = base.map((channel) => Math.round(channel + ((target - channel) * step) / 20));
    const hex = `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(hex, surface) >= AA_TEXT_RATIO) return hex;
  }
  return target === 255 ? '#ffffff' : '#000000';
}
