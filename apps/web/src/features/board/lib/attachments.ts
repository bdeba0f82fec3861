import { hasImageExtension, type Attachment } from '@teamup/contracts/board';

/**
 * Whether an attachment shows a thumbnail: an image by its extension (spec 02 section 2) whose
 * bytes the server also found to be a raster image, so it serves a preview.
 */
export function showsPreview(attachment: Attachment): boolean {
  return (
    hasImageExtension(attachment.originalFileName) &&
    attachment.isImage &&
    attachment.previewUrl !== null
  );
}

/** The attachments still shown: those removed here vanish at once, before the server answers. */
export function visibleAttachments(
  attachments: readonly Attachment[],
  removedIds: ReadonlySet<number>,
): Attachment[] {
  return attachments.filter((attachment) => !removedIds.has(attachment.id));
}
