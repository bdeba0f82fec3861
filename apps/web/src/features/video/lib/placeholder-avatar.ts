import { Limits } from '@teamup/contracts/limits';

const PALETTE = [
  '#4c6ef5',
  '#12b886',
  '#f59f00',
  '#e64980',
  '#7950f2',
  '#15aabf',
  '#fa5252',
  '#40c057',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A generated 60x60 image for a participant without a profile picture (spec 02): a colour chosen
 * by the participant id and the name's first letter (upper case). The same id always gives the same image.
 */
export function placeholderAvatar(participantId: number, name: string): string {
  const size = Limits.placeholderAvatarPx;
  const color = PALETTE[Math.abs(participantId) % PALETTE.length] ?? '#4c6ef5';
  // Upper case as the app's other avatars ('s' → 'S'); Hangul has no case and stays as it is.
  const first = Array.from(name.trim())[0];
  const initial = escapeXml(
    first ? (Array.from(first.toLocaleUpperCase('ko-KR'))[0] ?? first) : '?',
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${size / 2}" fill="${color}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#fff">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
