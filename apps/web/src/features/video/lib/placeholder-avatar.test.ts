import { describe, expect, it } from 'vitest';
import { placeholderAvatar } from './placeholder-avatar';

const svgOf = (url: string) =>
  decodeURIComponent(url.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));

describe('placeholderAvatar', () => {
  it('is a 60x60 SVG with the first letter, the same for the same participant id', () => {
    const svg = svgOf(placeholderAvatar(7, '김민지'));
    expect(svg).toContain('width="60"');
    expect(svg).toContain('height="60"');
    expect(svg).toContain('>김</text>');
    expect(placeholderAvatar(7, '김민지')).toBe(placeholderAvatar(7, '김민지'));
  });

  it('picks the colour by participant id', () => {
    const fill = (id: number) =>
      /fill="(#[0-9a-f]{6})"/.exec(svgOf(placeholderAvatar(id, 'A')))?.[1];
    expect(fill(1)).not.toBe(fill(2));
    expect(fill(1)).toBe(fill(9));
  });

  it('escapes the letter and copes with an empty name', () => {
    expect(svgOf(placeholderAvatar(1, '<b>'))).toContain('>&#60;</text>');
    expect(svgOf(placeholderAvatar(1, '  '))).toContain('>?</text>');
  });

  it('writes a Latin initial in upper case, as the rest of the app does', () => {
    expect(svgOf(placeholderAvatar(3, 'shots1795613'))).toContain('>S</text>');
    expect(svgOf(placeholderAvatar(3, 'éva'))).toContain('>É</text>');
    expect(svgOf(placeholderAvatar(3, '이수민'))).toContain('>이</text>');
  });
});
