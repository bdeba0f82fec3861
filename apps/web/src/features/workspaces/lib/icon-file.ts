import { Limits } from '@teamup/contracts/limits';
import { workspacesKo } from '../../../i18n/ko/workspaces';

// The checks of an icon file before its upload. Not in lib/workspace-icon.ts (how an icon shows),
// which the invitation above the login form uses: these need the workspace texts, which the login
// page does not load.

/** The image types an icon upload accepts (spec 01 section 5: JPG, PNG, GIF). */
export const iconImageTypes = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const iconAccept = iconImageTypes.join(',');

/** Why a chosen icon file is refused before upload, or null when it may be sent. */
export function checkIconFile(file: { type: string; size: number }): string | null {
  if (!(iconImageTypes as readonly string[]).includes(file.type))
    return workspacesKo.icon.imageOnly;
  if (file.size > Limits.iconUploadMaxBytes) return workspacesKo.icon.fileTooLarge;
  return null;
}
