import { DEFAULT_THEME, darken, luminance, type MantineTheme } from '@mantine/core';

/** WCAG 2.1 AA for normal-size text (1.4.3). */
export const minimumContrast = 4.5;

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour darkened in small steps until it reads on the background at AA. */
function darkenUntilReadable(color: string, background: string): string {
  let result = color;
  for (let amount = 0.05; contrastRatio(result, background) < minimumContrast; amount += 0.05) {
    result = darken(color, amount);
  }
  return result;
}

/**
 * Light-scheme CSS variables that keep every palette colour readable wherever Mantine uses it as
 * text or behind white text. Mantine's own choice (the primary shade for `filled` and `outline`,
 * shade 9 on shade 1 for `light`) leaves white on teal, green, orange or cyan, and red text, below
 * 4.5:1. Each colour gets the first shade from the primary shade up that reaches 4.5:1 against
 * white, or its darkest shade darkened until it does; the `light` variant's text is darkened the
 * same way against its hover background.
 */
export function readableColorVariables(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  const start =
    typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const white = theme.white;
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || !Array.isArray(shades)) continue;
    const index = shades.findIndex(
      (shade, i) => i >= start && contrastRatio(white, shade) >= minimumContrast,
    );
    if (index !== start) {
      const filled =
        index === -1
          ? darkenUntilReadable(shades[9], white)
          : `var(--mantine-color-${name}-${index})`;
      const hover =
        index === -1
          ? darken(darkenUntilReadable(shades[9], white), 0.1)
          : index < 9
            ? `var(--mantine-color-${name}-${index + 1})`
            : darken(shades[9], 0.1);
      variables[`--mantine-color-${name}-filled`] = filled;
      variables[`--mantine-color-${name}-filled-hover`] = hover;
      variables[`--mantine-color-${name}-outline`] = filled;
    }
    // The light variant: shade 9 text on shade 1, shade 2 on hover.
    if (contrastRatio(shades[9], shades[2]) < minimumContrast) {
      variables[`--mantine-color-${name}-light-color`] = darkenUntilReadable(shades[9], shades[2]);
    }
  }
  return variables;
}

/**
 * Mantine's Menu.Item sets its text colour to `var(--mantine-color-<color>-6)` for a palette
 * colour; redefined on the item, shade 6 resolves to the colour's readable `filled` shade.
 */
export const readableMenuItemShades: Record<string, string> = Object.fromEntries(
  Object.keys(DEFAULT_THEME.colors)
    .filter((name) => name !== 'dark')
    .map((name) => [`--mantine-color-${name}-6`, `var(--mantine-color-${name}-filled)`]),
);
