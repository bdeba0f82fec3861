import { describe, expect, it } from 'vitest';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, minimumContrast } from './contrast';
import { cssVariablesResolver, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light as Record<string, string>;

/** A variable's colour: our override, else Mantine's default for the light scheme. */
function colour(name: string, kind: 'filled' | 'light-color'): string {
  const value = light[`--mantine-color-${name}-${kind}`];
  const shades = resolved.colors[name] as readonly string[];
  const fallback = kind === 'filled' ? shades[7] : shades[9];
  const shade = /^var\(--mantine-color-[a-z]+-(\d)\)$/.exec(value ?? '')?.[1];
  return shade ? (shades[Number(shade)] as string) : (value ?? (fallback as string));
}

describe('theme contrast (WCAG AA)', () => {
  const names = Object.keys(resolved.colors).filter((name) => name !== 'dark');

  it.each(names)('%s: white on filled, filled on white, light text on its background', (name) => {
    const shades = resolved.colors[name] as readonly string[];
    expect(contrastRatio('#ffffff', colour(name, 'filled'))).toBeGreaterThanOrEqual(
      minimumContrast,
    );
    expect(contrastRatio(colour(name, 'light-color'), shades[2] as string)).toBeGreaterThanOrEqual(
      minimumContrast,
    );
  });

  it('dimmed and placeholder text read on white, gray.0 and blue.0', () => {
    for (const background of ['#ffffff', '#f8f9fa', '#e7f5ff', '#edf2ff']) {
      expect(contrastRatio(light['--mantine-color-dimmed'] ?? '', background)).toBeGreaterThan(
        minimumContrast,
      );
    }
    expect(contrastRatio(light['--mantine-color-placeholder'] ?? '', '#ffffff')).toBeGreaterThan(
      minimumContrast,
    );
  });

  it('the primary colour is readable both ways', () => {
    const primary = resolved.colors.indigo[7];
    expect(contrastRatio('#ffffff', primary)).toBeGreaterThanOrEqual(minimumContrast);
    expect(contrastRatio(primary, '#f8f9fa')).toBeGreaterThanOrEqual(minimumContrast);
  });
});
